import type { Queryable } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { msg } from '../i18n/messages.ts';
import {
  buildNetworkGraph,
  type NetworkGraph,
  type PipeInput,
  type PointInput,
} from '@shared/water-network/network-graph.ts';
import { waterNetworkOf, type WaterNetworkConfig } from './network-config.ts';
import type { XY } from '@shared/water-network/plane.ts';

/** Node layers of the graph: the configured ones and the hydraulic source layer. */
export const nodeLayersOf = (config: WaterNetworkConfig): number[] => {
  const source = config.hydraulics.source_layer_id;
  return source === null || config.node_layer_ids.includes(source)
    ? config.node_layer_ids
    : [...config.node_layer_ids, source];
};

/** A built graph with what is needed to answer in the document's terms. */
export interface LoadedNetwork {
  config: WaterNetworkConfig & { pipe_layer_id: number };
  graph: NetworkGraph;
  /** Every feature of the pipe layer, drawn or not. */
  pipeIds: Set<number>;
  nodesCount: number;
  /** The local metric CRS the graph is in (a UTM zone). */
  srid: number;
}

interface LayerStamp {
  id: number;
  /** Bumped by the feature triggers on every change; with created_at it names one state of the layer. */
  version: string;
  born: string;
  lon: number | null;
  lat: number | null;
}

/** The UTM zone around a point: metres with well under 0.1 % scale error across a town. */
export function utmSrid(lon: number, lat: number): number {
  const zone = Math.min(60, Math.max(1, Math.floor((lon + 180) / 6) + 1));
  return (lat >= 0 ? 32600 : 32700) + zone;
}

async function pipesOf(db: Queryable, layerId: number, srid: number): Promise<PipeInput[]> {
  const rows = await db.query<{ id: number; geometry: string | null }>(
    `SELECT id, ST_AsGeoJSON(ST_Transform(geom, $2::int), 3) AS geometry FROM features
     WHERE layer_id = $1 AND GeometryType(geom) IN ('LINESTRING', 'MULTILINESTRING') ORDER BY id`,
    [layerId, srid],
  );
  return rows.map((row) => {
    const geometry = JSON.parse(row.geometry ?? '{}') as { type: string; coordinates: unknown };
    const lines = (
      geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates
    ) as number[][][];
    return { id: row.id, parts: lines.map((line) => line.map(([x, y]) => ({ x, y }) as XY)) };
  });
}

async function pointsOf(db: Queryable, layerIds: readonly number[], srid: number): Promise<PointInput[]> {
  if (layerIds.length === 0) return [];
  const rows = await db.query<{ id: number; x: number; y: number }>(
    `SELECT id, ST_X(p) AS x, ST_Y(p) AS y FROM (
       SELECT id, ST_Transform(ST_PointOnSurface(geom), $2::int) AS p FROM features
       WHERE layer_id = ANY($1::int[]) AND geom IS NOT NULL AND NOT ST_IsEmpty(geom)) s ORDER BY id`,
    [layerIds, srid],
  );
  return rows.map((row) => ({ id: row.id, point: { x: row.x, y: row.y } }));
}

async function build(
  db: Queryable,
  config: LoadedNetwork['config'],
  pipeLayer: LayerStamp,
  mapCenter: [number, number],
): Promise<LoadedNetwork> {
  const srid = utmSrid(pipeLayer.lon ?? mapCenter[0], pipeLayer.lat ?? mapCenter[1]);
  const [pipes, valves, nodes, ids] = await Promise.all([
    pipesOf(db, config.pipe_layer_id, srid),
    pointsOf(db, config.valve_layer_ids, srid),
    // Sources (reservoirs, tanks) stand on the network like hydrants: the graph places them.
    pointsOf(db, nodeLayersOf(config), srid),
    db.query<{ id: number }>('SELECT id FROM features WHERE layer_id = $1', [config.pipe_layer_id]),
  ]);
  const graph = buildNetworkGraph({ pipes, valves, nodes, toleranceM: config.tolerance_m });
  return {
    config,
    graph,
    pipeIds: new Set(ids.map((row) => row.id)),
    nodesCount: valves.length + nodes.length,
    srid,
  };
}

/**
 * Built graphs per database, keyed by the configuration and the state of every layer in it:
 * any feature change bumps its layer's version, so a stale graph is never found again.
 * Concurrent first requests share one build.
 */
const built = new WeakMap<Queryable, Map<string, Promise<LoadedNetwork>>>();
const KEPT = 4;

/** The map's network graph, or a 422 on `pipe_layer_id` when the map has none configured. */
export async function loadNetwork(
  db: Queryable,
  mapId: number,
  mapCenter: [number, number],
): Promise<LoadedNetwork> {
  const stored = await waterNetworkOf(db, mapId);
  const pipeLayerId = stored.pipe_layer_id;
  if (pipeLayerId === null) throw invalid({ pipe_layer_id: [msg('water_network.not_configured')] });
  const config = { ...stored, pipe_layer_id: pipeLayerId };
  const layerIds = [pipeLayerId, ...config.valve_layer_ids, ...nodeLayersOf(config)];
  const stamps = await db.query<LayerStamp>(
    `SELECT id, version::text AS version, created_at::text AS born,
       ST_X(ST_Centroid(extent_box::geometry)) AS lon, ST_Y(ST_Centroid(extent_box::geometry)) AS lat
     FROM layers WHERE id = ANY($1::int[])`,
    [layerIds],
  );
  const stampOf = new Map(stamps.map((stamp) => [stamp.id, stamp]));
  const key = JSON.stringify([
    mapId,
    config.tolerance_m,
    config.valve_layer_ids.length,
    // The hydraulic settings travel with the graph (hydraulic-source.ts reads them from it).
    config.hydraulics,
    ...layerIds.map((id) => [id, stampOf.get(id)?.version, stampOf.get(id)?.born]),
  ]);
  const cache = built.get(db) ?? new Map<string, Promise<LoadedNetwork>>();
  built.set(db, cache);
  const known = cache.get(key);
  if (known) return known;
  const pending = build(db, config, stampOf.get(pipeLayerId) as LayerStamp, mapCenter);
  cache.set(key, pending);
  pending.catch(() => cache.delete(key));
  // Oldest first in a Map: drop those past the few kept.
  for (const old of [...cache.keys()].slice(0, Math.max(0, cache.size - KEPT))) cache.delete(old);
  return pending;
}

/** Metric points back to [lon, lat] (for the check's dangling ends). */
export async function toLonLat(
  db: Queryable,
  srid: number,
  points: readonly XY[],
): Promise<[number, number][]> {
  if (points.length === 0) return [];
  const rows = await db.query<{ lon: number; lat: number }>(
    `SELECT ST_X(p) AS lon, ST_Y(p) AS lat FROM (
       SELECT ST_Transform(ST_SetSRID(ST_MakePoint(u.x, u.y), $3::int), 4326) AS p, u.position
       FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS u (x, y, position)) s ORDER BY position`,
    [points.map((point) => point.x), points.map((point) => point.y), srid],
  );
  return rows.map((row) => [row.lon, row.lat]);
}
