import type { Ref } from 'react';

type MapCanvasTargetProps = {
  /** The element the engine draws into. */
  ref: Ref<HTMLDivElement>;
  /** The map's accessible name. */
  label: string;
  testId: string;
};

/**
 * The element a map engine draws into, a named region for assistive technology, focusable so
 * the keyboard reaches the map (OpenLayers pans and zooms with it).
 */
export function MapCanvasTarget({ ref, label, testId }: MapCanvasTargetProps) {
  return (
    <div
      ref={ref}
      className="map-canvas-target"
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
    />
  );
}
