import type { components } from '@generated/openapi-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { DEFAULT_HYDRAULICS, settingsOf } from '@shared/water-network/hydraulic-settings.ts';

export type WaterNetworkConfig = components['schemas']['WaterNetworkConfig'];
type ConfigInput = components['schemas']['WaterNetworkConfigInput'];

export const DEFAULT_TOLERANCE_M = 1;

/**
 * The stored configuration, keeping only layers still on the map: a deleted layer or one
 * moved to another map drops out of the network without anyone editing it.
 */
export async function waterNetworkOf(db: Queryable, mapId: number): Promise<WaterNetworkConfig> {
  const rows = await db.query<
    Omit<WaterNetworkConfig, 'hydraulics'> & { hydraulics: unknown; on_map: number[] }
  >(
    `SELECT (SELECT l.id FROM layers l WHERE l.id = w.pipe_layer_id AND l.map_id = w.map_id) AS pipe_layer_id,
       ARRAY(SELECT u.id FROM unnest(w.valve_layer_ids) WITH ORDINALITY AS u (id, position)
         JOIN layers l ON l.id = u.id AND l.map_id = w.map_id ORDER BY u.position) AS valve_layer_ids,
       ARRAY(SELECT u.id FROM unnest(w.node_layer_ids) WITH ORDINALITY AS u (id, position)
         JOIN layers l ON l.id = u.id AND l.map_id = w.map_id ORDER BY u.position) AS node_layer_ids,
       w.tolerance_m, w.hydraulics,
       ARRAY(SELECT l.id FROM layers l WHERE l.map_id = w.map_id) AS on_map
     FROM water_networks w WHERE w.map_id = $1`,
    [mapId],
  );
  const row = rows[0];
  if (!row)
    return {
      pipe_layer_id: null,
      valve_layer_ids: [],
      node_layer_ids: [],
      tolerance_m: DEFAULT_TOLERANCE_M,
      hydraulics: DEFAULT_HYDRAULICS,
    };
  const { on_map: onMap, hydraulics, ...config } = row;
  const settings = settingsOf(hydraulics);
  const present = new Set(onMap);
  const source = settings.source_layer_id;
  return {
    ...config,
    hydraulics: {
      ...settings,
      source_layer_id: source !== null && present.has(source) ? source : null,
      service_layer_ids: settings.service_layer_ids.filter((id) => config.node_layer_ids.includes(id)),
    },
  };
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
  const source = input.hydraulics?.source_layer_id;
  if (source !== undefined && source !== null) {
    if (!isVector(source, POINTS)) add('hydraulics.source_layer_id', 'point_layer');
    else if (used.has(source)) add('hydraulics.source_layer_id', 'layer_twice');
  }
  (input.hydraulics?.service_layer_ids ?? []).forEach((id, index) => {
    if (!input.node_layer_ids.includes(id)) add(`hydraulics.service_layer_ids.${index}`, 'service_layer');
  });
  return errors;
}

/** Writes the map's configuration as given (checked already), replacing any it had. */
export async function storeWaterNetwork(
  tx: Queryable,
  mapId: number,
  config: Pick<ConfigInput, 'tolerance_m'> & {
    pipe_layer_id: number | null | undefined;
    valve_layer_ids: readonly (number | undefined)[];
    node_layer_ids: readonly number[];
    hydraulics: object;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO water_networks (map_id, pipe_layer_id, valve_layer_ids, node_layer_ids, tolerance_m, hydraulics)
     VALUES ($1, $2, $3::int[], $4::int[], $5, $6::jsonb)
     ON CONFLICT (map_id) DO UPDATE SET pipe_layer_id = EXCLUDED.pipe_layer_id,
       valve_layer_ids = EXCLUDED.valve_layer_ids, node_layer_ids = EXCLUDED.node_layer_ids,
       tolerance_m = EXCLUDED.tolerance_m, hydraulics = EXCLUDED.hydraulics, updated_at = now()`,
    [
      mapId,
      config.pipe_layer_id,
      config.valve_layer_ids,
      config.node_layer_ids,
      config.tolerance_m,
      JSON.stringify(config.hydraulics),
    ],
  );
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
    // Hydraulic settings the input leaves out keep their stored value (the topology screen
    // sends only the layers and the tolerance).
    const stored = await tx.query<{ hydraulics: unknown }>(
      'SELECT hydraulics FROM water_networks WHERE map_id = $1',
      [mapId],
    );
    const hydraulics = { ...settingsOf(stored[0]?.hydraulics), ...(input.hydraulics ?? {}) };
    await storeWaterNetwork(tx, mapId, { ...input, hydraulics });
    return waterNetworkOf(tx, mapId);
  });
}
