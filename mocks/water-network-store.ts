import type { WaterNetworkConfig, WaterNetworkConfigInput } from '../generated/model';
import { DEFAULT_HYDRAULICS } from '../shared/water-network/hydraulic-settings';
import {
  buildNetworkGraph,
  type NetworkGraph,
  type PipeInput,
  type PointInput,
} from '../shared/water-network/network-graph';
import { featuresOfLayer } from './features-store';
import { demoTownWaterNetwork } from './demo-town';
import { DEMO_MAP_ID, mapsDb } from './maps-store';
import { mockTownKind } from './town';

/**
 * Each map's water network for mock mode. The demo town comes configured as the seed configures
 * it (demo-town.ts). The unit tests' fixture town is configured out of the box too: pipes,
 * valves and hydrants (layers 1–3). Its hydrants stand about 13 m beside their pipes, so the
 * tolerance is 15 m; pipe ends meet exactly, so nothing is joined that should not be.
 * The graph is the server's own (shared/water-network), so answers match a real server.
 */
let configs = new Map<number, WaterNetworkConfig>();

export function seedWaterNetworks(): void {
  configs = new Map([
    [
      DEMO_MAP_ID,
      mockTownKind() === 'demo'
        ? demoTownWaterNetwork()
        : {
            pipe_layer_id: 1,
            valve_layer_ids: [2],
            node_layer_ids: [3],
            tolerance_m: 15,
            hydraulics: DEFAULT_HYDRAULICS,
          },
    ],
  ]);
}
seedWaterNetworks();

const UNCONFIGURED: WaterNetworkConfig = {
  pipe_layer_id: null,
  valve_layer_ids: [],
  node_layer_ids: [],
  tolerance_m: 1,
  hydraulics: DEFAULT_HYDRAULICS,
};

/** The configuration with layers no longer on the map left out, as the server reads it. */
export function waterNetworkOf(mapId: number): WaterNetworkConfig {
  const stored = configs.get(mapId) ?? UNCONFIGURED;
  const onMap = (id: number) => mapsDb.layers.some((layer) => layer.id === id && layer.map_id === mapId);
  return {
    pipe_layer_id: stored.pipe_layer_id !== null && onMap(stored.pipe_layer_id) ? stored.pipe_layer_id : null,
    valve_layer_ids: stored.valve_layer_ids.filter(onMap),
    node_layer_ids: stored.node_layer_ids.filter(onMap),
    tolerance_m: stored.tolerance_m,
    hydraulics: stored.hydraulics,
  };
}

/** Hydraulic settings the input leaves out keep their stored value, as on the server. */
export function saveWaterNetwork(mapId: number, input: WaterNetworkConfigInput): void {
  const stored = configs.get(mapId) ?? UNCONFIGURED;
  configs.set(mapId, { ...input, hydraulics: { ...stored.hydraulics, ...(input.hydraulics ?? {}) } });
}

// Metres from lon/lat on a plane through the map's centre: plenty for a town.
const METRES_PER_DEGREE = 111_320;
function projector(center: readonly number[]) {
  const scale = Math.cos(((center[1] ?? 0) * Math.PI) / 180);
  return ([lon, lat]: number[]) => ({
    x: ((lon ?? 0) - (center[0] ?? 0)) * METRES_PER_DEGREE * scale,
    y: ((lat ?? 0) - (center[1] ?? 0)) * METRES_PER_DEGREE,
  });
}

export interface MockNetwork {
  graph: NetworkGraph;
  pipeIds: Set<number>;
  nodesCount: number;
  toLonLat: (point: { x: number; y: number }) => [number, number];
}

/** Built per call: the mock town has a few hundred features and edits change them. */
export function networkOf(
  config: WaterNetworkConfig & { pipe_layer_id: number },
  center: readonly number[],
): MockNetwork {
  const project = projector(center);
  const pipes: PipeInput[] = featuresOfLayer(config.pipe_layer_id).flatMap((feature) => {
    const geometry = feature.geometry;
    if (geometry?.type === 'LineString')
      return [{ id: feature.id, parts: [geometry.coordinates.map(project)] }];
    if (geometry?.type === 'MultiLineString')
      return [{ id: feature.id, parts: geometry.coordinates.map((line) => line.map(project)) }];
    return [];
  });
  const points = (layerIds: readonly number[]): PointInput[] =>
    layerIds
      .flatMap((layerId) => featuresOfLayer(layerId))
      .flatMap((feature) =>
        feature.geometry?.type === 'Point'
          ? [{ id: feature.id, point: project(feature.geometry.coordinates) }]
          : [],
      );
  const valves = points(config.valve_layer_ids);
  const nodes = points(config.node_layer_ids);
  const scale = Math.cos(((center[1] ?? 0) * Math.PI) / 180);
  return {
    graph: buildNetworkGraph({ pipes, valves, nodes, toleranceM: config.tolerance_m }),
    pipeIds: new Set(featuresOfLayer(config.pipe_layer_id).map((feature) => feature.id)),
    nodesCount: valves.length + nodes.length,
    toLonLat: ({ x, y }) => [
      (center[0] ?? 0) + x / (METRES_PER_DEGREE * scale),
      (center[1] ?? 0) + y / METRES_PER_DEGREE,
    ],
  };
}
