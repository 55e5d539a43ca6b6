import type { components } from '../../../generated/openapi-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';

export type WaterNetworkConfig = components['schemas']['WaterNetworkConfig'];
type ConfigInput = components['schemas']['WaterNetworkConfigInput'];

export const DEFAULT_TOLERANCE_M = 1;

/**
 * The stored configuration, keeping only layers still on the map: a deleted layer or one
 * moved to another map drops out of the network without anyone editing it.
 */
export async function waterNetworkOf(db: Queryable, mapId: number): Promise<WaterNetworkConfig> {
  const rows = await db.query<WaterNetworkConfig>(
    `SELECT (SELECT l.id FROM layers l WHERE l.id = w.pipe_layer_id AND l.map_id = w.map_id) AS pipe_layer_id,
       ARRAY(SELECT u.id FROM unnest(w.valve_layer_ids) WITH ORDINALITY AS u (id, position)
         JOIN layers l ON l.id = u.id AND l.map_id = w.map_id ORDER BY u.position) AS valve_layer_ids,
       ARRAY(SELECT u.id FROM unnest(w.node_layer_ids) WITH ORDINALITY AS u (id, position)
         JOIN layers l ON l.id = u.id AND l.map_id = w.map_id ORDER BY u.position) AS node_layer_ids,
       w.tolerance_m
     FROM water_networks w WHERE w.map_id = $1`,
    [mapId],
  );
  return (
    rows[0] ?? {
      pipe_layer_id: null,
      valve_layer_ids: [],
      node_layer_ids: [],
      tolerance_m: DEFAULT_TOLERANCE_M,
    }
  );
}

interface LayerKind {
  id: number;
  type: string;
  geometry_type: string | null;
}

const LINES = ['LineString', 'MultiLineString'];
const POINTS = ['Point', 'MultiPoint'];

async function configErrors(db: Queryable, mapId: number, input: ConfigInput): Promise<Problems> {
  const layers = await db.query<LayerKind>('SELECT id, type, geometry_type FROM layers WHERE map_id = $1', [
    mapId,
  ]);
  const kind = new Map(layers.map((layer) => [layer.id, layer]));
  const isVector = (id: number, shapes: string[]) => {
    const layer = kind.get(id);
    return layer?.type === 'vector' && shapes.includes(layer.geometry_type ?? '');
  };
  const errors: Problems = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(msg(`water_network.${key}`));
  if (!isVector(input.pipe_layer_id, LINES)) add('pipe_layer_id', 'pipe_layer');
  const used = new Set<number>([input.pipe_layer_id]);
  for (const field of ['valve_layer_ids', 'node_layer_ids'] as const)
    input[field].forEach((id, index) => {
      if (!isVector(id, POINTS)) add(`${field}.${index}`, 'point_layer');
      else if (used.has(id)) add(`${field}.${index}`, 'layer_twice');
      used.add(id);
    });
  return errors;
}

/** Replaces the map's configuration; a layer of another map, of the wrong kind or in two roles is a 422. */
export async function saveWaterNetwork(
  db: Database,
  mapId: number,
  input: ConfigInput,
): Promise<WaterNetworkConfig> {
  return db.transaction(async (tx) => {
    const errors = await configErrors(tx, mapId, input);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    await tx.query(
      `INSERT INTO water_networks (map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m)
       VALUES ($1, $2, $3::int[], $4::int[], $5)
       ON CONFLICT (map_id) DO UPDATE SET pipe_layer_id = EXCLUDED.pipe_layer_id,
         valve_layer_ids = EXCLUDED.valve_layer_ids, node_layer_ids = EXCLUDED.node_layer_ids,
         tolerance_m = EXCLUDED.tolerance_m, updated_at = now()`,
      [mapId, input.pipe_layer_id, input.valve_layer_ids, input.node_layer_ids, input.tolerance_m],
    );
    return waterNetworkOf(tx, mapId);
  });
}
