import type OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import type { Geometry, LineString, Polygon } from 'ol/geom';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { getArea, getLength } from 'ol/sphere';
import { Circle, Fill, Stroke, Style } from 'ol/style';

export type MeasureKind = 'length' | 'area';

/** What the measure tool reports: the value in metres or square metres, and whether it is final. */
export type MeasureState = { kind: MeasureKind; value: number; done: boolean } | null;

const ACCENT = '#e8590c';

const sketchStyle = new Style({
  stroke: new Stroke({ color: ACCENT, width: 2.5, lineDash: [8, 6] }),
  fill: new Fill({ color: 'rgba(232, 89, 12, 0.12)' }),
  image: new Circle({
    radius: 5,
    fill: new Fill({ color: '#fff' }),
    stroke: new Stroke({ color: ACCENT, width: 2 }),
  }),
});
const doneStyle = new Style({
  stroke: new Stroke({ color: ACCENT, width: 2.5 }),
  fill: new Fill({ color: 'rgba(232, 89, 12, 0.15)' }),
});

/** Geodesic: on the sphere, not in Web Mercator, which stretches lengths away from the equator. */
function measureOf(kind: MeasureKind, geometry: Geometry): number {
  return kind === 'length' ? getLength(geometry as LineString) : getArea(geometry as Polygon);
}

function labelPosition(kind: MeasureKind, geometry: Geometry): number[] | undefined {
  if (kind === 'length') return (geometry as LineString).getLastCoordinate();
  return (geometry as Polygon).getInteriorPoint().getCoordinates();
}

export type MeasureSession = { finish: () => void; cancel: () => void; detach: () => void };

/**
 * Measures on the map with a drawn line or polygon (OpenLayers' measure example): each click
 * adds a point, a click on the last point (a double-click) or `finish()` ends it, `cancel()`
 * drops it. A label on the map and `onChange` follow the pointer while drawing.
 */
export function attachMeasure(
  map: OlMap,
  kind: MeasureKind,
  format: (kind: MeasureKind, value: number) => string,
  onChange: (state: MeasureState) => void,
): MeasureSession {
  const source = new VectorSource();
  const layer = new VectorLayer({ source, style: doneStyle, zIndex: 10_000 });
  const label = document.createElement('div');
  label.className = 'map-measure-label';
  label.setAttribute('aria-hidden', 'true');
  const overlay = new Overlay({
    element: label,
    offset: [0, -12],
    positioning: 'bottom-center',
    stopEvent: false,
  });
  const draw = new Draw({ source, type: kind === 'length' ? 'LineString' : 'Polygon', style: sketchStyle });
  let unlisten: (() => void) | null = null;

  const show = (geometry: Geometry, done: boolean) => {
    const value = measureOf(kind, geometry);
    label.textContent = format(kind, value);
    overlay.setPosition(labelPosition(kind, geometry));
    onChange({ kind, value, done });
  };
  const clear = () => {
    unlisten?.();
    unlisten = null;
    source.clear();
    overlay.setPosition(undefined);
    onChange(null);
  };

  draw.on('drawstart', (event) => {
    source.clear();
    const geometry = event.feature.getGeometry();
    if (!geometry) return;
    const listener = () => show(geometry, false);
    geometry.on('change', listener);
    unlisten = () => geometry.un('change', listener);
  });
  draw.on('drawend', (event) => {
    unlisten?.();
    unlisten = null;
    const geometry = event.feature.getGeometry();
    if (geometry) show(geometry, true);
  });
  map.addLayer(layer);
  map.addOverlay(overlay);
  map.addInteraction(draw);

  return {
    finish: () => {
      draw.finishDrawing();
    },
    cancel: () => {
      draw.abortDrawing();
      clear();
    },
    detach: () => {
      draw.abortDrawing();
      unlisten?.();
      map.removeInteraction(draw);
      map.removeOverlay(overlay);
      map.removeLayer(layer);
      layer.dispose();
    },
  };
}
