import type OlMap from 'ol/Map';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachMeasure, type MeasureKind, type MeasureSession, type MeasureState } from './measure';
import { formatMeasure } from './measure-panel';

/** The measure tool's state: which measure is on, its running result, and Escape to cancel. */
export function useMeasure(map: OlMap | null) {
  const { i18n } = useTranslation();
  const [kind, setKind] = useState<MeasureKind | null>(null);
  const [state, setState] = useState<MeasureState>(null);
  const session = useRef<MeasureSession | null>(null);
  const locale = useRef(i18n.language);
  useEffect(() => {
    locale.current = i18n.language;
  }, [i18n.language]);

  useEffect(() => {
    if (!map || !kind) return;
    const attached = attachMeasure(
      map,
      kind,
      (measured, value) => formatMeasure(measured, value, locale.current),
      setState,
    );
    session.current = attached;
    // Escape anywhere drops the measurement and leaves the tool (as it closes other overlays).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      attached.cancel();
      setKind(null);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      attached.detach();
      session.current = null;
      setState(null);
    };
  }, [map, kind]);

  return {
    kind,
    state,
    start: useCallback((next: MeasureKind | null) => setKind(next), []),
    finish: useCallback(() => session.current?.finish(), []),
    stop: useCallback(() => setKind(null), []),
  };
}
