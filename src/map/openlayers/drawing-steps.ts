import type { Coordinate } from 'ol/coordinate';
import type Feature from 'ol/Feature';
import type { Geometry as OlGeometry } from 'ol/geom';
import SimpleGeometry from 'ol/geom/SimpleGeometry';
import type Draw from 'ol/interaction/Draw';

/**
 * The vertices placed so far in a line or polygon being drawn. The sketch also holds the
 * point following the pointer, and a polygon's ring its closing copy of the first vertex.
 */
function placedVertices(sketch: Feature<OlGeometry> | null): Coordinate[] {
  const geometry = sketch?.getGeometry();
  if (!(geometry instanceof SimpleGeometry)) return [];
  const stride = geometry.getStride();
  const flat = geometry.getFlatCoordinates();
  const points: Coordinate[] = [];
  for (let i = 0; i + stride <= flat.length; i += stride) points.push(flat.slice(i, i + stride));
  const polygon = geometry.getType() === 'Polygon' || geometry.getType() === 'MultiPolygon';
  return points.slice(0, Math.max(0, points.length - (polygon ? 2 : 1)));
}

/**
 * Undo and redo while a line or polygon is still being drawn: undo takes back the last vertex
 * (OpenLayers' removeLastPoint), redo puts it back, as long as no vertex was placed since.
 */
export function createDrawingSteps() {
  let sketch: Feature<OlGeometry> | null = null;
  let removed: { vertex: Coordinate; placedAfter: number }[] = [];
  const placed = () => placedVertices(sketch).length;
  return {
    attach(draw: Draw, onStep: () => void) {
      draw.on('drawstart', (event) => {
        sketch = event.feature;
        removed = [];
        // Each placed vertex changes the sketch; so does every pointer move, hence the count.
        let count = placed();
        sketch.on('change', () => {
          const now = placed();
          if (now === count) return;
          count = now;
          onStep();
        });
        onStep();
      });
      const end = () => {
        sketch = null;
        removed = [];
        onStep();
      };
      draw.on('drawend', end);
      draw.on('drawabort', end);
    },
    canUndo: () => placed() > 0,
    canRedo: () => removed.length > 0 && removed.at(-1)?.placedAfter === placed(),
    undo(draw: Draw) {
      const vertices = placedVertices(sketch);
      const vertex = vertices.at(-1);
      if (!vertex) return;
      draw.removeLastPoint();
      removed.push({ vertex, placedAfter: vertices.length - 1 });
    },
    redo(draw: Draw) {
      const step = removed.at(-1);
      if (!step || step.placedAfter !== placed()) {
        removed = [];
        return;
      }
      removed.pop();
      // With no vertex left the drawing was given up; appending starts it again from this one.
      draw.appendCoordinates([step.vertex]);
    },
  };
}
