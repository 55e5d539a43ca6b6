import { useEffect } from 'react';
import type { MapCanvasProps } from '../map-canvas-types';

/**
 * A stand-in engine for jsdom (no canvas): renders each layer model as a list item the
 * test can read, and keeps the latest props so a test can "click" a feature.
 */
export const recordedMap: { props: MapCanvasProps | null } = { props: null };

export function RecordingMapCanvas(props: MapCanvasProps) {
  useEffect(() => {
    recordedMap.props = props;
  });
  return (
    <ul role="region" aria-label={props.label} data-testid="map-canvas">
      {props.layers.map((layer) => (
        <li
          key={layer.key}
          data-layer-key={layer.key}
          data-visible={String(layer.visible)}
          data-opacity={String(layer.opacity)}
          data-z-index={String(layer.zIndex)}
          data-selected={layer.selectedId === null ? '' : String(layer.selectedId)}
          data-highlighted={layer.highlightedIds.join(',')}
          data-revision={String(layer.revision)}
        >
          {layer.source.kind}
        </li>
      ))}
    </ul>
  );
}
