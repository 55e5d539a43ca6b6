import type { FeatureCollection, Geometry, GeometryType } from '../../generated/model';
import type { MapLayerModel } from './layer-model';

/** Centre [lon, lat] in EPSG:4326, zoom, rotation in degrees clockwise (as maps and bookmarks store it). */
export type MapViewModel = { center: [number, number]; zoom: number; rotation: number };

/** A one-off move asked of the map; `nonce` makes asking twice for the same place move twice. */
export type ViewRequest =
  | { nonce: number; view: MapViewModel }
  | {
      nonce: number;
      extent: [number, number, number, number];
      maxZoom?: number;
      /** Share of the map's height a sheet covers at the bottom: the fit stays above it. */
      bottomShare?: number;
    }
  /**
   * Keep a place [lon, lat] in sight above a sheet covering `bottomShare` of the map's height
   * (a phone's feature sheet): the map pans only when the place is hidden or near the edge.
   */
  | { nonce: number; reveal: [number, number]; bottomShare: number };

/**
 * A clicked feature with the attributes its tile carried (MVT properties), and the area
 * around the click [west, south, east, north] that found it (to ask the server for the whole feature).
 */
export type FeatureHit = {
  layerId: number;
  featureId: number;
  properties: Record<string, unknown>;
  clickExtent?: [number, number, number, number];
};

/**
 * Geometry editing on the map: reshape one geometry (GeoJSON, EPSG:4326) or draw a new one
 * of a layer's geometry type. While it is on, clicks do not select features.
 */
export type GeometryEdit =
  { kind: 'modify'; geometry: Geometry } | { kind: 'draw'; geometryType: GeometryType };

/** What the edit tools may offer now: undo and redo of the steps, and whether a drawing is under way. */
export type GeometryEditState = { canUndo: boolean; canRedo: boolean; drawing: boolean };

/**
 * The tools floating in a 2D map. Identify (a click opens a feature) is not among them: it is
 * on whenever the screen listens to `onFeatureClick`.
 */
export type MapToolName = 'zoom' | 'home' | 'fullScreen' | 'measure' | 'basemap' | 'coordinates' | 'scaleBar';

export const ALL_MAP_TOOLS: readonly MapToolName[] = [
  'zoom',
  'home',
  'fullScreen',
  'measure',
  'basemap',
  'coordinates',
  'scaleBar',
];

/** What every engine's map component takes: a screen talks to the map only through these. */
export type MapCanvasProps = {
  layers: readonly MapLayerModel[];
  initialView: MapViewModel;
  viewRequest?: ViewRequest | null;
  /** Accessible name of the map region. */
  label: string;
  onViewChange?: (view: MapViewModel, extent: [number, number, number, number]) => void;
  onFeatureClick?: (hit: FeatureHit | null) => void;
  /** A layer's tiles failed to load (the layer panel warns); engines without tiles never call it. */
  onLayerError?: (layerId: number, error: string) => void;
  geometryEdit?: GeometryEdit | null;
  /** The edited or newly drawn geometry after each change (GeoJSON, EPSG:4326). */
  onGeometryChange?: (geometry: Geometry) => void;
  /**
   * While editing, the whole features (GeoJSON, EPSG:4326) of the visible layers near the view:
   * a drawn or moved vertex snaps to their vertices and edges. Tiles hold simplified cuts, so
   * the screen reads them from the server.
   */
  snapFeatures?: readonly FeatureCollection[];
  className?: string;
  /** Which tools float in the map; all of them when absent (a print preview may want fewer). */
  tools?: readonly MapToolName[];
  /** The stored map shown: the user's basemap choice is remembered per map under its id. */
  mapId?: number;
  /**
   * Where the swipe divider stands, as a share of the map's width (0..1): layers with a
   * `swipeSide` are drawn only on their side of it. Absent: no layer is cut.
   */
  swipePosition?: number;
};

let lastNonce = 0;
/** Nonces from one counter, so of two requests the later one is the larger. */
export function nextViewRequestNonce(): number {
  lastNonce += 1;
  return lastNonce;
}

/** Of several move requests, the latest. */
export function latestViewRequest(...requests: (ViewRequest | null | undefined)[]): ViewRequest | null {
  return requests.reduce<ViewRequest | null>(
    (latest, request) => (request && (!latest || request.nonce > latest.nonce) ? request : latest),
    null,
  );
}

/** Whether two views differ enough to be worth moving a synchronised map. */
export function viewsDiffer(a: MapViewModel, b: MapViewModel): boolean {
  return (
    Math.abs(a.center[0] - b.center[0]) > 1e-6 ||
    Math.abs(a.center[1] - b.center[1]) > 1e-6 ||
    Math.abs(a.zoom - b.zoom) > 0.01 ||
    Math.abs(a.rotation - b.rotation) > 0.1
  );
}
