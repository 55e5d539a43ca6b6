import { useEffect, useRef } from 'react';

/** Calls back with the element's width whenever its layout changes (and once at the start). */
export function useElementWidth<T extends HTMLElement>(onWidth: (width: number) => void) {
  const ref = useRef<T>(null);
  const callback = useRef(onWidth);
  useEffect(() => {
    callback.current = onWidth;
  }, [onWidth]);
  useEffect(() => {
    const element = ref.current;
    // jsdom has no ResizeObserver; the preview then never measures and printing stays off.
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) callback.current(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}
