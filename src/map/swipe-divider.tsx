import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

type SwipeDividerProps = {
  /** Share of the width left of the divider (0..1). */
  position: number;
  onChange: (position: number) => void;
  /** Accessible name of the divider. */
  label: string;
};

const KEY_STEP = 0.05;
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The draggable vertical line of a swipe comparison, over a map whose parent it fills.
 * WAI-ARIA's window splitter: a focusable separator with a value; arrows move it by 5 %,
 * Shift+arrows by 1 %, Home and End to the edges.
 */
export function SwipeDivider({ position, onChange, label }: SwipeDividerProps) {
  const lineRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const fromPointer = (event: PointerEvent) => {
    const box = lineRef.current?.parentElement?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    onChange(clamp((event.clientX - box.left) / box.width));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 0.01 : KEY_STEP;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? position - step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? position + step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(clamp(Math.round(next * 100) / 100));
  };

  return (
    <div
      ref={lineRef}
      className="swipe-divider"
      style={{ left: `${position * 100}%` }}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(position * 100)}
      tabIndex={0}
      data-testid="swipe-divider"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={(event) => {
        if (dragging.current) fromPointer(event);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
    >
      <span className="swipe-divider-handle" aria-hidden="true">
        ⟨⟩
      </span>
    </div>
  );
}
