import type { FeatureCollection, Layer } from '../../generated/model';
import { thematicOf, type ThematicModel } from './thematic-style';
import { inTimeRange, type TimeFilterModel, type TimeRangeModel } from './time-filter';

/** How a layer is drawn, in the words of the layer's style (docs/decisions.md#layers), engine-neutral. */
export type LayerStyleModel = {
  strokeColor: string;
  strokeWidth: number;
  fillColor: string;
  pointRadius: number;
  labelProperty: string | null;
  /** 3D: polygons are extruded by this numeric property's value in metres. */
  heightProperty: string | null;
  /** Categorized or graduated symbols (thematic-style.ts); absent means one symbol for all. */
  thematic?: ThematicModel;
  /**
   * The time slider's range on the layer's time property: features outside it are not drawn
   * (time-filter.ts). Part of the style so a step of play re-styles the tiles already loaded.
   */
  time?: TimeFilterModel;
};

/** Where a layer's pixels come from. Each kind has one entry in every engine's registry. */
export type LayerSourceModel =
  | { kind: 'offline-world' }
  | { kind: 'xyz'; url: string; attribution?: string }
  | { kind: 'wms'; url: string; layers: string; format: string }
  | { kind: 'geojson-url'; url: string }
  /** Stored features as MVT tiles: one tile layer named after the layer id (docs/decisions.md#vector-tiles). */
  | { kind: 'vector-tiles'; url: string; tileLayerName: string }
  /** Stored features already loaded as GeoJSON: how the 3D engine gets vector layers (no MVT in 3D). */
  | { kind: 'feature-collection'; data: FeatureCollection; truncated: boolean }
  /** A 3D Tiles tileset (`tileset.json`); only the 3D engine draws it. */
  | { kind: '3d-tiles'; url: string };

export type LayerSourceKind = LayerSourceModel['kind'];

/** One drawable layer. Engines create, update and remove their own layers from these. */
export type MapLayerModel = {
  /** Stable key: `basemap` or `layer-<id>`. */
  key: string;
  /** The stored layer's id, for layers whose features can be clicked and highlighted. */
  layerId: number | null;
  /** The layer's name, for lists the map shows itself (the features under a click). */
  title?: string;
  source: LayerSourceModel;
  visible: boolean;
  opacity: number;
  minZoom: number | null;
  maxZoom: number | null;
  /** Drawing order, higher on top. */
  zIndex: number;
  style: LayerStyleModel;
  /** Feature ids drawn highlighted (search hits, filter matches, the selected feature). */
  highlightedIds: readonly number[];
  selectedId: number | null;
  /** Bumped after the layer's features were edited, so engines drop their cached tiles. */
  revision: number;
  /** Swipe comparison: drawn only on this side of the map's divider (`swipePosition`). */
  swipeSide?: SwipeSide;
};

export type SwipeSide = 'left' | 'right';

/**
 * What a layer drawn over the stored ones (a simulation's result, the changes between two moments)
 * has in common: no stored layer behind it, always shown whole, nothing highlighted or selected.
 */
export const OVERLAY_LAYER_BASE = {
  layerId: null,
  visible: true,
  opacity: 1,
  minZoom: null,
  maxZoom: null,
  highlightedIds: [],
  selectedId: null,
  revision: 0,
} as const satisfies Partial<MapLayerModel>;

/** What the user changed in the layer tree; absent entries keep the stored layer's values. */
export type LayerViewState = { visible?: boolean; opacity?: number };

const BASEMAP_STYLE: LayerStyleModel = {
  strokeColor: '#b7ae98',
  strokeWidth: 0.6,
  fillColor: '#f1ede3',
  pointRadius: 0,
  labelProperty: null,
  heightProperty: null,
};

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** docs/decisions.md#maps: `offline` (and anything unknown) draws the bundled world; `none` draws nothing. */
export function basemapLayer(basemap: string): MapLayerModel | null {
  if (basemap === 'none') return null;
  const source: LayerSourceModel =
    basemap === 'osm'
      ? { kind: 'xyz', url: OSM_TILES, attribution: '© OpenStreetMap contributors' }
      : /^https?:\/\/.*\{z\}/.test(basemap)
        ? { kind: 'xyz', url: basemap }
        : { kind: 'offline-world' };
  return {
    key: 'basemap',
    layerId: null,
    source,
    visible: true,
    opacity: 1,
    minZoom: null,
    maxZoom: null,
    zIndex: -1,
    style: BASEMAP_STYLE,
    highlightedIds: [],
    selectedId: null,
    revision: 0,
  };
}

export function vectorTileUrl(mapId: number, layerId: number, asOf?: string | null): string {
  const url = `/api/maps/${mapId}/layers/${layerId}/tiles/{z}/{x}/{y}`;
  // Tiles of a past moment: the server rebuilds the layer as it was then.
  return asOf ? `${url}?as_of=${encodeURIComponent(asOf)}` : url;
}

function sourceOf(layer: Layer, input: DescribeLayersInput): LayerSourceModel | null {
  switch (layer.type) {
    case 'vector': {
      if (input.engine === '3d') {
        // Drawn once its features have arrived.
        const loaded = input.vectorData?.[layer.id];
        if (!loaded) return null;
        const time = timeFilterOf(layer, input.timeRange);
        const data = time
          ? {
              ...loaded.data,
              features: loaded.data.features.filter((feature) =>
                inTimeRange(feature.properties?.[time.property], time),
              ),
            }
          : loaded.data;
        return { kind: 'feature-collection', data, truncated: loaded.truncated };
      }
      return {
        kind: 'vector-tiles',
        url: vectorTileUrl(layer.map_id, layer.id, input.asOf),
        tileLayerName: String(layer.id),
      };
    }
    case 'xyz':
      return layer.source ? { kind: 'xyz', url: layer.source.url } : null;
    case 'wms':
      return layer.source
        ? {
            kind: 'wms',
            url: layer.source.url,
            layers: layer.source.layers ?? '',
            format: layer.source.format ?? 'image/png',
          }
        : null;
    case 'geojson_url':
      return layer.source ? { kind: 'geojson-url', url: layer.source.url } : null;
    case '3d_tiles':
      // 3D tiles have no 2D rendering.
      return input.engine === '3d' && layer.source ? { kind: '3d-tiles', url: layer.source.url } : null;
    default:
      return null;
  }
}

export function styleOf(layer: Layer): LayerStyleModel {
  return {
    strokeColor: layer.style.stroke_color,
    strokeWidth: layer.style.stroke_width,
    fillColor: layer.style.fill_color,
    pointRadius: layer.style.point_radius,
    labelProperty: layer.style.label_property,
    heightProperty: layer.style.height_property ?? null,
    thematic: thematicOf(layer.style),
  };
}

/** The layer's time filter while a range is shown and the layer has a time property. */
export function timeFilterOf(
  layer: Pick<Layer, 'time_property'>,
  range: TimeRangeModel | null | undefined,
): TimeFilterModel | undefined {
  if (!range || !layer.time_property || (range.from === null && range.to === null)) return undefined;
  return { property: layer.time_property, from: range.from, to: range.to };
}

/** The map's layers in drawing order (`order` ascending, bottom first), with the user's changes. */
export function sortLayers(layers: readonly Layer[], order?: readonly number[]): Layer[] {
  if (!order) return [...layers].sort((a, b) => a.order - b.order || a.id - b.id);
  const position = new Map(order.map((id, index) => [id, index]));
  return [...layers].sort(
    (a, b) => (position.get(a.id) ?? a.order) - (position.get(b.id) ?? b.order) || a.id - b.id,
  );
}

export type DescribeLayersInput = {
  layers: readonly Layer[];
  basemap: string;
  viewState?: Readonly<Record<number, LayerViewState>>;
  /** Layer ids bottom first, when the user reordered them. */
  order?: readonly number[];
  highlighted?: Readonly<Record<number, readonly number[]>>;
  selected?: { layerId: number; featureId: number } | null;
  revisions?: Readonly<Record<number, number>>;
  /** Which engine draws: 2D (default) draws vector layers from tiles, 3D from `vectorData`. */
  engine?: '2d' | '3d';
  /** Draw the stored layers as they were at this moment (ISO 8601, UTC). */
  asOf?: string | null;
  /** The time slider's range: layers with a time property draw only the features inside it. */
  timeRange?: TimeRangeModel | null;
  /** 3D only: each vector layer's features, by layer id. */
  vectorData?: Readonly<Record<number, { data: FeatureCollection; truncated: boolean }>>;
};

/** The one description every engine draws: basemap first, then the layers bottom to top. */
export function describeLayers(input: DescribeLayersInput): MapLayerModel[] {
  const models: MapLayerModel[] = [];
  const basemap = basemapLayer(input.basemap);
  if (basemap) models.push(basemap);
  sortLayers(input.layers, input.order).forEach((layer, index) => {
    const source = sourceOf(layer, input);
    if (!source) return;
    const changed = input.viewState?.[layer.id] ?? {};
    models.push({
      key: `layer-${layer.id}`,
      layerId: layer.id,
      title: layer.name,
      source,
      visible: changed.visible ?? layer.visible,
      opacity: changed.opacity ?? layer.opacity,
      minZoom: layer.min_zoom,
      maxZoom: layer.max_zoom,
      zIndex: index,
      style: withTime(styleOf(layer), timeFilterOf(layer, input.timeRange)),
      highlightedIds: input.highlighted?.[layer.id] ?? [],
      selectedId: input.selected?.layerId === layer.id ? input.selected.featureId : null,
      revision: input.revisions?.[layer.id] ?? 0,
    });
  });
  return models;
}

function withTime(style: LayerStyleModel, time: TimeFilterModel | undefined): LayerStyleModel {
  return time ? { ...style, time } : style;
}

/** Whether the layer is drawn at this zoom (the layer tree greys it out otherwise). */
export function inZoomRange(layer: Pick<Layer, 'min_zoom' | 'max_zoom'>, zoom: number): boolean {
  return (
    (layer.min_zoom === null || zoom >= layer.min_zoom) && (layer.max_zoom === null || zoom <= layer.max_zoom)
  );
}
