import { busy, invalid } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { mapFor } from '../maps/access.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { EpanetFailure } from '../water-network/epanet-messages.ts';
import { BAR_PER_M, reachedPart } from '../water-network/epanet-run.ts';
import { EpanetBusy, EpanetTimeout } from '../water-network/epanet-thread.ts';
import { loadModel } from '../water-network/hydraulic-source.ts';
import { fireFlow, simulate } from '../water-network/hydraulic-simulation.ts';
import { writeInp } from '../water-network/inp-writer.ts';
import type { Database } from '../db/database.ts';
import type { MapRow } from '../maps/records.ts';

const modelOf = (db: Database, map: MapRow) => loadModel(db, map.id, map.center as [number, number]);

/** EPANET's refusal is the model's fault (a 422), never the server's. */
export async function solving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EpanetFailure)
      throw invalid({ model: [msg('water_network.no_solution', { reason: error.message })] });
    // So is a run past its time limit; a full queue of runs is a busy server (503, retry soon).
    if (error instanceof EpanetTimeout)
      throw invalid({
        model: [msg('water_network_epanet.timeout', { seconds: Math.round(error.ms / 1000) })],
      });
    if (error instanceof EpanetBusy) throw busy(2);
    throw error;
  }
}

/** Handlers for the hydraulic answers of a map's water network. */
export const routeHandlers = typedHandlers({
  simulateWaterNetwork: async ({ services, auth, params }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const { model, network, position } = await modelOf(services.db, map);
    const data = await solving(() => simulate(model, network.config.hydraulics.low_pressure_m, position));
    return { status: 200, body: { data } };
  },

  fireFlowWaterNetwork: async ({ services, auth, params, body }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const { model, network, position } = await modelOf(services.db, map);
    const nodeId = model.nodeOfFeature.get(body.hydrant_id);
    if (nodeId === undefined) throw invalid({ hydrant_id: [msg('water_network.not_a_node')] });
    const node = reachedPart(model).model.nodes.find((candidate) => candidate.id === nodeId);
    if (!node) throw invalid({ hydrant_id: [msg('water_network.node_unreached')] });
    const residualBar = body.residual_bar ?? network.config.hydraulics.fire_flow_residual_bar;
    const answer = await solving(() => fireFlow(model, nodeId, residualBar / BAR_PER_M));
    return {
      status: 200,
      body: {
        data: {
          hydrant_id: body.hydrant_id,
          node_id: nodeId,
          residual_bar: residualBar,
          static_pressure_bar: Math.round(answer.staticPressureM * BAR_PER_M * 1000) / 1000,
          flow_lps: answer.flowLps,
          coordinates: position(node.point),
        },
      },
    };
  },

  getWaterNetworkModelInp: async ({ services, auth, params }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const { model, position } = await modelOf(services.db, map);
    const text = writeInp(model, { title: map.title, position });
    return {
      status: 200,
      body: Buffer.from(text, 'utf8'),
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="map-${map.id}.inp"`,
      },
    };
  },
});
