import type OlMap from 'ol/Map';
import type { Pixel } from 'ol/pixel';
import { toLonLat } from 'ol/proj';
import type { FeatureHit } from '../map-canvas-types';
import { orderHits, type Candidate } from '../tools/hit-order';

/** Pixels around the pointer that still count as on a feature; a finger is wider than a mouse. */
export const MOUSE_TOLERANCE_PX = 5;
export const TOUCH_TOLERANCE_PX = 12;

export type IdentifiedHit = FeatureHit & { title: string; label: string | null };

const isFeatureLayer = (layer: { get: (key: string) => unknown }) => typeof layer.get('layerId') === 'number';

/** The area around the click [west, south, east, north] (to ask the server for the whole feature). */
function clickExtent(map: OlMap, [x = 0, y = 0]: Pixel, tolerance: number): [number, number, number, number] {
  const [west = 0, south = 0] = toLonLat(
    map.getCoordinateFromPixel([x - tolerance, y + tolerance]) ?? [0, 0],
  );
  const [east = 0, north = 0] = toLonLat(
    map.getCoordinateFromPixel([x + tolerance, y - tolerance]) ?? [0, 0],
  );
  return [Math.min(west, east), Math.min(south, north), Math.max(west, east), Math.max(south, north)];
}

/**
 * The features a click picks, best first (see `orderHits`). OpenLayers reports no distance, so
 * the search widens in steps and a feature's distance is the first step that found it.
 */
export function identifyAt(map: OlMap, pixel: Pixel, tolerance: number): IdentifiedHit[] {
  const steps = [0, 2, MOUSE_TOLERANCE_PX, tolerance].filter(
    (step, index, all) => step <= tolerance && all.indexOf(step) === index,
  );
  const extent = clickExtent(map, pixel, Math.max(tolerance, 6));
  const found: (Candidate & IdentifiedHit)[] = [];
  const seen = new Set<string>();
  for (const step of steps) {
    map.forEachFeatureAtPixel(
      pixel,
      (feature, layer) => {
        const layerId: unknown = layer.get('layerId');
        const featureId = Number(feature.getId());
        if (typeof layerId !== 'number' || !Number.isFinite(featureId)) return undefined;
        const key = `${layerId}/${featureId}`;
        if (seen.has(key)) return undefined;
        seen.add(key);
        const { geometry: _geometry, layer: _tileLayer, ...properties } = feature.getProperties();
        const labelProperty: unknown = layer.get('labelProperty');
        const labelValue = typeof labelProperty === 'string' ? properties[labelProperty] : undefined;
        found.push({
          layerId,
          featureId,
          properties,
          clickExtent: extent,
          geometryType: feature.getGeometry()?.getType() ?? '',
          zIndex: layer.getZIndex() ?? 0,
          distance: step,
          title: String(layer.get('title') ?? ''),
          label:
            labelValue === undefined || labelValue === null || labelValue === '' ? null : String(labelValue),
        });
        return undefined;
      },
      { hitTolerance: step, layerFilter: isFeatureLayer },
    );
  }
  return orderHits(found).map(({ geometryType: _type, zIndex: _z, distance: _d, ...hit }) => hit);
}

/** What the caller's `onFeatureClick` receives: only the FeatureHit contract. */
export function toFeatureHit({ layerId, featureId, properties, clickExtent }: IdentifiedHit): FeatureHit {
  return clickExtent ? { layerId, featureId, properties, clickExtent } : { layerId, featureId, properties };
}

/** Whether a feature is under the pointer, for the cursor. */
export function featureAtPixel(map: OlMap, pixel: Pixel): boolean {
  return map.hasFeatureAtPixel(pixel, { hitTolerance: MOUSE_TOLERANCE_PX, layerFilter: isFeatureLayer });
}
