import type { MapLayerModel } from './layer-model';

/** Centre [lon, lat] in EPSG:4326, zoom, rotation in degrees clockwise (as maps and bookmarks store it). */
export type MapViewModel = { center: [number, number]; zoom: number; rotation: number };

/** A one-off move asked of the map; `nonce` makes asking twice for the same place move twice. */
export type ViewRequest =
  | { nonce: number; view: MapViewModel }
  | { nonce: number; extent: [number, number, number, number]; maxZoom?: number };

/** A clicked feature with the attributes its tile carried (MVT properties). */
export type FeatureHit = { layerId: number; featureId: number; properties: Record<string, unknown> };

/** What every engine's map component takes: a screen talks to the map only through these. */
export type MapCanvasProps = {
  layers: readonly MapLayerModel[];
  initialView: MapViewModel;
  viewRequest?: ViewRequest | null;
  /** Accessible name of the map region. */
  label: string;
  onViewChange?: (view: MapViewModel, extent: [number, number, number, number]) => void;
  onFeatureClick?: (hit: FeatureHit | null) => void;
  className?: string;
};
