import GeoJSONVT from 'geojson-vt';
import { HttpResponse, http } from 'msw';
import type { Feature, FeaturePage, Layer } from '../generated/model';
import { listLayerFeaturesQueryParams } from '../generated/zod/features/features.zod';
import { pageEnvelope } from '../shared/http/pagination';
import { TOWN_MAP_ID } from './features-town-layers';
import { DEFAULT_STYLE, findMap, mapsDb, nextId, nowStamp, touchLayerCount } from './maps-store';
import { noContent, parseWith, requireUser, validationFailed } from './responses';
import { vectorTileResponse } from './vector-tile-response';

/*
 * The `million-features` preset: a point layer of 1,000,000 features on map 1, none of them
 * stored. Feature n (1…1,000,000) is computed from n alone, on a 1000 × 1000 grid over the town,
 * so a page or a tile costs what it shows. Pages go by id (page numbers or the `after_id` /
 * `before_id` cursors); tiles thin the grid to at most 64 × 64 points, as the server thins dense
 * point layers at low zoom. This file sorts before features-handlers.ts (the handler sets are
 * taken in file order), so it answers for its layer first.
 */
export const MILLION = 1_000_000;
const SIDE = 1000;
/** Ids past anything the town holds, so the grid's features never meet a stored one. */
const FIRST_ID = 100_000_001;
const MAX_PER_TILE_SIDE = 64;

/**
 * The million layer's own row: after a reseed (or a switch of town) a seeded layer may carry
 * the same id, so the row itself, not its id, says whether the layer is still there.
 */
let layerRow: object | undefined;

/** The million layer's id while it is on map 1 (a reseed removes it). */
export function millionLayerId(): number | undefined {
  const row = mapsDb.layers.find((layer) => layer === layerRow);
  return row && row.map_id === TOWN_MAP_ID ? row.id : undefined;
}

/** The grid's box: about 3.5 × 3.3 km around map 1's centre. */
function box(): { west: number; south: number; east: number; north: number } {
  const [lon = 0, lat = 0] = findMap(TOWN_MAP_ID)?.center ?? [];
  return { west: lon - 0.02, south: lat - 0.015, east: lon + 0.02, north: lat + 0.015 };
}

function pointAt(index: number): [number, number] {
  const { west, south, east, north } = box();
  const row = Math.floor(index / SIDE);
  const col = index % SIDE;
  return [west + ((col + 0.5) * (east - west)) / SIDE, south + ((row + 0.5) * (north - south)) / SIDE];
}

/** Feature n of the layer (index n − 1), as the feature pages show it. */
export function millionFeature(index: number, layer: number): Feature {
  return {
    type: 'Feature',
    id: FIRST_ID + index,
    layer_id: layer,
    geometry: { type: 'Point', coordinates: pointAt(index) },
    properties: { n: index + 1 },
    created_by: 1,
    updated_by: 1,
    created_at: '2026-10-01T08:00:00Z',
    updated_at: '2026-10-01T08:00:00Z',
    files: [],
  };
}

/** Adds the layer to map 1 (once; again after a reseed) and answers its id. */
export function addMillionLayer(): number {
  const existing = millionLayerId();
  if (existing !== undefined) return existing;
  const id = nextId(mapsDb.layers);
  const onMap = mapsDb.layers.filter((layer) => layer.map_id === TOWN_MAP_ID);
  const stamp = nowStamp();
  const row: Layer = {
    id,
    map_id: TOWN_MAP_ID,
    category_id: null,
    name: 'A million points',
    type: 'vector',
    geometry_type: 'Point',
    source: null,
    style: { ...DEFAULT_STYLE, point_radius: 2 },
    visible: true,
    opacity: 1,
    min_zoom: null,
    max_zoom: null,
    order: Math.max(0, ...onMap.map((layer) => layer.order)) + 1,
    properties: [{ name: 'n', label: 'Number', type: 'integer', required: false, options: null }],
    features_count: MILLION,
    extent: null,
    created_at: stamp,
    updated_at: stamp,
  };
  mapsDb.layers.push(row);
  layerRow = row;
  touchLayerCount(TOWN_MAP_ID);
  return id;
}

type Params = Record<string, string | readonly string[] | undefined>;
const numberParam = (params: Params, name: string) =>
  Number(typeof params[name] === 'string' ? params[name] : NaN);
const isMillionLayer = (params: Params) =>
  numberParam(params, 'id') === TOWN_MAP_ID && numberParam(params, 'layer_id') === millionLayerId();

function page(request: Request, layer: number): Response {
  const url = new URL(request.url);
  const parsed = parseWith(listLayerFeaturesQueryParams, Object.fromEntries(url.searchParams));
  if (!parsed.ok) return parsed.response;
  const query = parsed.data;
  for (const field of ['search', 'where_property', 'where_value'] as const)
    if (query[field] !== undefined)
      return validationFailed({ [field]: ['The million-point mock layer pages by id only.'] });
  if (query.sort !== undefined && query.sort !== 'id')
    return validationFailed({ sort: ['The million-point mock layer pages by id only.'] });
  const perPage = query.per_page ?? 15;
  let pageNumber = query.page ?? 1;
  let start = (pageNumber - 1) * perPage;
  if (query.after_id !== undefined) start = Math.max(0, query.after_id - FIRST_ID + 1);
  else if (query.before_id !== undefined) start = Math.max(0, query.before_id - FIRST_ID - perPage);
  if (query.after_id !== undefined || query.before_id !== undefined)
    pageNumber = Math.floor(start / perPage) + 1;
  const end = Math.min(MILLION, start + perPage);
  const rows: Feature[] = [];
  for (let index = start; index < end; index += 1) rows.push(millionFeature(index, layer));
  return HttpResponse.json<FeaturePage>(
    pageEnvelope(rows, {
      page: pageNumber,
      perPage,
      total: MILLION,
      path: url.pathname,
      query: perPage === 15 ? {} : { per_page: perPage },
    }),
  );
}

/** Web Mercator tile → longitude/latitude bounds. */
function tileBounds(z: number, x: number, y: number) {
  const n = 2 ** z;
  const lon = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return { west: lon(x), east: lon(x + 1), north: lat(y), south: lat(y + 1) };
}

function tile(z: number, x: number, y: number, layer: number): Response {
  const grid = box();
  const bounds = tileBounds(z, x, y);
  const colOf = (lon: number) => ((lon - grid.west) / (grid.east - grid.west)) * SIDE - 0.5;
  const rowOf = (lat: number) => ((lat - grid.south) / (grid.north - grid.south)) * SIDE - 0.5;
  const cols = [
    Math.max(0, Math.ceil(colOf(bounds.west))),
    Math.min(SIDE - 1, Math.floor(colOf(bounds.east))),
  ];
  const rows = [
    Math.max(0, Math.ceil(rowOf(bounds.south))),
    Math.min(SIDE - 1, Math.floor(rowOf(bounds.north))),
  ];
  const [c0 = 0, c1 = -1] = cols;
  const [r0 = 0, r1 = -1] = rows;
  if (c1 < c0 || r1 < r0) return noContent();
  const stride = Math.max(1, Math.ceil(Math.max(c1 - c0 + 1, r1 - r0 + 1) / MAX_PER_TILE_SIDE));
  const features = [];
  for (let row = r0; row <= r1; row += stride)
    for (let col = c0; col <= c1; col += stride) {
      const index = row * SIDE + col;
      features.push({
        type: 'Feature' as const,
        id: FIRST_ID + index,
        geometry: { type: 'Point' as const, coordinates: pointAt(index) },
        properties: { n: index + 1 },
      });
    }
  const index = new GeoJSONVT({ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection, {
    maxZoom: z,
    indexMaxZoom: z,
    extent: 4096,
    buffer: 64,
  });
  return vectorTileResponse(layer, index.getTile(z, x, y));
}

export const featuresBulkHandlers = [
  http.get('*/api/maps/:id/layers/:layer_id/features', ({ request, params }) => {
    if (!isMillionLayer(params)) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    return page(request, numberParam(params, 'layer_id'));
  }),
  http.get('*/api/maps/:id/layers/:layer_id/tiles/:z/:x/:y', ({ request, params }) => {
    if (!isMillionLayer(params)) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    return tile(
      numberParam(params, 'z'),
      numberParam(params, 'x'),
      numberParam(params, 'y'),
      numberParam(params, 'layer_id'),
    );
  }),
];
