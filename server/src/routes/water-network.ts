import { featureIdsWithFalse } from '../features/features-store.ts';
import { invalid } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { mapFor } from '../maps/access.ts';
import type { MapRow } from '../maps/records.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { saveWaterNetwork, waterNetworkOf } from '../water-network/network-config.ts';
import {
  components,
  danglingEnds,
  isolateOperable,
  traceFeature,
  unconnectedNodes,
} from '@shared/water-network/network-queries.ts';
import { loadNetwork, toLonLat } from '../water-network/network-source.ts';
import { nodeLayerFeatures } from '../water-network/network-affected.ts';
import type { Database } from '../db/database.ts';

/** A free end this many tolerances from another pipe is reported as dangling. */
const DANGLING_TOLERANCES = 5;

const networkOf = (db: Database, map: MapRow) => loadNetwork(db, map.id, map.center as [number, number]);

/** Handlers for a map's water network: configuration, check, isolation and trace. */
export const routeHandlers = typedHandlers({
  getWaterNetwork: async ({ services, auth, params }) => {
    await mapFor(services.db, auth, params.id, 'read');
    return { status: 200, body: { data: await waterNetworkOf(services.db, params.id) } };
  },

  updateWaterNetwork: async ({ services, auth, params, body }) => {
    await mapFor(services.db, auth, params.id, 'update');
    return { status: 200, body: { data: await saveWaterNetwork(services.db, params.id, body) } };
  },

  checkWaterNetwork: async ({ services, auth, params }) => {
    const map = await mapFor(services.db, auth, params.id, 'update');
    const network = await networkOf(services.db, map);
    const nearM = network.config.tolerance_m * DANGLING_TOLERANCES;
    const dangling = danglingEnds(network.graph, nearM);
    const points = await toLonLat(
      services.db,
      network.srid,
      dangling.map((end) => end.point),
    );
    return {
      status: 200,
      body: {
        data: {
          components: components(network.graph),
          pipes_count: network.pipeIds.size,
          nodes_count: network.nodesCount,
          unconnected_node_ids: unconnectedNodes(network.graph),
          dangling: dangling.map((end, index) => ({
            pipe_id: end.pipe_id,
            near_pipe_id: end.near_pipe_id,
            distance_m: Math.round(end.distance_m * 1000) / 1000,
            point: { type: 'Point' as const, coordinates: points[index] ?? [0, 0] },
          })),
          near_distance_m: nearM,
        },
      },
    };
  },

  isolateWaterNetworkPipe: async ({ services, auth, params, body }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const network = await networkOf(services.db, map);
    if (!network.pipeIds.has(body.pipe_id)) throw invalid({ pipe_id: [msg('water_network.not_a_pipe')] });
    // Valves marked inoperable cannot be closed: the search goes past them.
    const inoperable = await featureIdsWithFalse(
      services.db,
      network.config.valve_layer_ids,
      network.config.hydraulics.valve_operable_property,
    );
    const isolation = isolateOperable(network.graph, body.pipe_id, inoperable);
    // The hydrants and service points that go dry, by layer: the outage list the viewer exports.
    const nodeLayers = await nodeLayerFeatures(services.db, network.config, isolation.node_ids);
    return { status: 200, body: { data: { pipe_id: body.pipe_id, ...isolation, node_layers: nodeLayers } } };
  },

  traceWaterNetwork: async ({ services, auth, params, body }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const network = await networkOf(services.db, map);
    const trace = network.pipeIds.has(body.feature_id)
      ? (traceFeature(network.graph, body.feature_id) ?? { pipe_ids: [body.feature_id], node_ids: [] })
      : traceFeature(network.graph, body.feature_id);
    if (!trace) throw invalid({ feature_id: [msg('water_network.not_in_network')] });
    return { status: 200, body: { data: { feature_id: body.feature_id, ...trace } } };
  },
});
