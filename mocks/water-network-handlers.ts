import { HttpResponse, http } from 'msw';
import type { ZodType } from 'zod';
import {
  isolateWaterNetworkPipeBody,
  traceWaterNetworkBody,
  updateWaterNetworkBody,
} from '../generated/zod/water-network/water-network.zod';
import {
  components,
  danglingEnds,
  isolatePipe,
  traceFeature,
  unconnectedNodes,
} from '../shared/water-network/network-queries';
import { featuresOfLayer } from './features-store';
import { guardMap, idParam } from './maps-guards';
import { findMap, mapsDb } from './maps-store';
import { notFound, parseWith, readJson, requireUser, validationFailed } from './responses';
import { networkOf, saveWaterNetwork, waterNetworkOf, type MockNetwork } from './water-network-store';

const LINES = ['LineString', 'MultiLineString'];
const POINTS = ['Point', 'MultiPoint'];
const NOT_CONFIGURED = { pipe_layer_id: ['This map has no water network configured.'] };

/** The same per-field checks as the server: right geometry, of this map, one role per layer. */
function configErrors(
  mapId: number,
  body: { pipe_layer_id: number; valve_layer_ids: number[]; node_layer_ids: number[] },
) {
  const isVector = (id: number, shapes: string[]) => {
    const layer = mapsDb.layers.find((row) => row.id === id && row.map_id === mapId);
    return layer?.type === 'vector' && shapes.includes(layer.geometry_type ?? '');
  };
  const errors: Record<string, string[]> = {};
  if (!isVector(body.pipe_layer_id, LINES))
    errors.pipe_layer_id = ['The pipe layer must be a vector line layer of this map.'];
  const used = new Set([body.pipe_layer_id]);
  for (const field of ['valve_layer_ids', 'node_layer_ids'] as const)
    body[field].forEach((id, index) => {
      if (!isVector(id, POINTS))
        errors[`${field}.${index}`] = ['Valve and node layers must be vector point layers of this map.'];
      else if (used.has(id))
        errors[`${field}.${index}`] = ['A layer can have only one role in the water network.'];
      used.add(id);
    });
  return errors;
}

/**
 * Reader checks for isolate and trace (POSTs, so XSRF too), then the map's built network and
 * the question as `schema` reads it.
 */
async function readerNetwork<T>(
  request: Request,
  mapId: number,
  schema: ZodType<T>,
): Promise<{ network: MockNetwork; body: T } | { response: Response }> {
  const guarded = requireUser(request, true);
  if (guarded.response) return { response: guarded.response };
  const map = findMap(mapId);
  if (!map) return { response: notFound() };
  const config = waterNetworkOf(mapId);
  if (config.pipe_layer_id === null) return { response: validationFailed(NOT_CONFIGURED) };
  const network = networkOf({ ...config, pipe_layer_id: config.pipe_layer_id }, map.center);
  const parsed = parseWith(schema, await readJson(request));
  return parsed.ok ? { network, body: parsed.data } : { response: parsed.response };
}

export const waterNetworkHandlers = [
  http.get('*/api/maps/:id/water-network', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    return HttpResponse.json({ data: waterNetworkOf(guarded.map.id) });
  }),

  http.put('*/api/maps/:id/water-network', async ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(updateWaterNetworkBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const errors = configErrors(guarded.map.id, parsed.data);
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    saveWaterNetwork(guarded.map.id, parsed.data);
    return HttpResponse.json({ data: waterNetworkOf(guarded.map.id) });
  }),

  http.post('*/api/maps/:id/water-network/check', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), true);
    if (guarded.response) return guarded.response;
    const config = waterNetworkOf(guarded.map.id);
    if (config.pipe_layer_id === null) return validationFailed(NOT_CONFIGURED);
    const network = networkOf({ ...config, pipe_layer_id: config.pipe_layer_id }, guarded.map.center);
    const nearM = config.tolerance_m * 5;
    return HttpResponse.json({
      data: {
        components: components(network.graph),
        pipes_count: network.pipeIds.size,
        nodes_count: network.nodesCount,
        unconnected_node_ids: unconnectedNodes(network.graph),
        dangling: danglingEnds(network.graph, nearM).map((end) => ({
          pipe_id: end.pipe_id,
          near_pipe_id: end.near_pipe_id,
          distance_m: Math.round(end.distance_m * 1000) / 1000,
          point: { type: 'Point' as const, coordinates: network.toLonLat(end.point) },
        })),
        near_distance_m: nearM,
      },
    });
  }),

  http.post('*/api/maps/:id/water-network/isolate', async ({ request, params }) => {
    const loaded = await readerNetwork(request, idParam(params, 'id'), isolateWaterNetworkPipeBody);
    if ('response' in loaded) return loaded.response;
    const pipeId = loaded.body.pipe_id;
    if (!loaded.network.pipeIds.has(pipeId))
      return validationFailed({ pipe_id: ["The feature is not a pipe of this map's water network."] });
    // Mock valves are all operable: nothing is skipped.
    const isolation = isolatePipe(loaded.network.graph, pipeId);
    const config = waterNetworkOf(idParam(params, 'id'));
    const services = new Set(config.hydraulics.service_layer_ids);
    const dry = new Set(isolation.node_ids);
    // The hydrants and service points that lose water, per node layer, as the server answers them.
    const nodeLayers = config.node_layer_ids.map((layerId) => ({
      layer_id: layerId,
      role: services.has(layerId) ? ('service' as const) : ('hydrant' as const),
      feature_ids: featuresOfLayer(layerId)
        .map((feature) => feature.id)
        .filter((id) => dry.has(id))
        .sort((a, b) => a - b),
    }));
    return HttpResponse.json({
      data: {
        pipe_id: pipeId,
        ...isolation,
        skipped_valve_ids: [],
        extra_pipe_ids: [],
        node_layers: nodeLayers,
      },
    });
  }),

  http.post('*/api/maps/:id/water-network/trace', async ({ request, params }) => {
    const loaded = await readerNetwork(request, idParam(params, 'id'), traceWaterNetworkBody);
    if ('response' in loaded) return loaded.response;
    const featureId = loaded.body.feature_id;
    const trace =
      traceFeature(loaded.network.graph, featureId) ??
      (loaded.network.pipeIds.has(featureId) ? { pipe_ids: [featureId], node_ids: [] } : null);
    if (!trace)
      return validationFailed({ feature_id: ["The feature is not part of this map's water network."] });
    return HttpResponse.json({ data: { feature_id: featureId, ...trace } });
  }),
];
