import type { Queryable } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import type { Problems } from '../i18n/messages.ts';
import { buildModel, isModel, type HydraulicModel, type Properties } from './hydraulic-model.ts';
import { loadNetwork, toLonLat, type LoadedNetwork } from './network-source.ts';
import type { XY } from '@shared/water-network/plane.ts';

/** The map's hydraulic model, with [lon, lat] of every point it draws. */
export interface LoadedModel {
  network: LoadedNetwork;
  model: HydraulicModel;
  position: (point: XY) => [number, number];
}

async function propertiesOf(db: Queryable, layerIds: readonly number[]): Promise<Map<number, Properties>> {
  if (layerIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; properties: Properties | null }>(
    'SELECT id, properties FROM features WHERE layer_id = ANY($1::int[])',
    [layerIds],
  );
  return new Map(rows.map((row) => [row.id, row.properties ?? {}]));
}

async function build(db: Queryable, network: LoadedNetwork): Promise<LoadedModel | Problems> {
  const { config } = network;
  const settings = config.hydraulics;
  const source = settings.source_layer_id;
  const nodeLayers = config.node_layer_ids.filter((id) => id !== source);
  const [pipes, valves, nodes, sources, services] = await Promise.all([
    propertiesOf(db, [config.pipe_layer_id]),
    propertiesOf(db, config.valve_layer_ids),
    propertiesOf(db, nodeLayers),
    propertiesOf(db, source === null ? [] : [source]),
    db.query<{ id: number }>('SELECT id FROM features WHERE layer_id = ANY($1::int[])', [
      settings.service_layer_ids,
    ]),
  ]);
  const built = buildModel({
    graph: network.graph,
    settings,
    pipes,
    valves,
    nodes,
    sources,
    serviceIds: new Set(services.map((row) => row.id)),
  });
  if (!isModel(built)) return built;
  const points = [...built.nodes.map((node) => node.point), ...built.pipes.flatMap((pipe) => pipe.vertices)];
  const lonLats = await toLonLat(db, network.srid, points);
  const byPoint = new Map(points.map((point, index) => [point, lonLats[index] ?? [0, 0]]));
  return {
    network,
    model: built,
    position: (point) => (byPoint.get(point) as [number, number] | undefined) ?? [0, 0],
  };
}

/** Per built graph (itself rebuilt on any feature change) and hydraulic settings. */
const models = new WeakMap<LoadedNetwork, Map<string, Promise<LoadedModel | Problems>>>();

/**
 * The map's hydraulic model, or a 422 naming what cannot be modelled (no source, a pipe
 * without diameter, a C not above 0). Built once per state of the layers and settings.
 */
export async function loadModel(
  db: Queryable,
  mapId: number,
  mapCenter: [number, number],
): Promise<LoadedModel> {
  const network = await loadNetwork(db, mapId, mapCenter);
  const key = JSON.stringify(network.config.hydraulics);
  const known = models.get(network) ?? new Map<string, Promise<LoadedModel | Problems>>();
  models.set(network, known);
  let pending = known.get(key);
  if (!pending) {
    pending = build(db, network);
    known.clear();
    known.set(key, pending);
    pending.catch(() => known.delete(key));
  }
  const loaded = await pending;
  if (!('model' in loaded)) throw invalid(loaded);
  return loaded as LoadedModel;
}
