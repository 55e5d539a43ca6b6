import { featureIdsOfLayerAmong } from '../features/features-store.ts';
import { invalid } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { mapFor } from '../maps/access.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { reachedPart, runModel, type RunResult } from '../water-network/epanet-run.ts';
import { FLOW_TOLERANCE_LPS, traceFlow, type FlowStart } from '../water-network/flow-trace.ts';
import type { HydraulicModel } from '../water-network/hydraulic-model.ts';
import { loadModel, type LoadedModel } from '../water-network/hydraulic-source.ts';
import { nodeLayerFeatures } from '../water-network/network-affected.ts';
import { solving } from './water-network-hydraulics.ts';

/**
 * One steady-state run per model: the model is rebuilt on any change of its layers or settings,
 * so a run kept with it is never stale, and a second trace on the same network runs nothing.
 */
const runs = new WeakMap<HydraulicModel, Promise<RunResult>>();

function flowsOf(model: HydraulicModel): Promise<RunResult> {
  let pending = runs.get(model);
  if (!pending) {
    // The simulation's own run (simulate does the same): only the part a source reaches can be solved.
    pending = runModel(reachedPart(model).model);
    runs.set(model, pending);
    pending.catch(() => runs.delete(model));
  }
  return pending;
}

/** The start in the model's terms, or a 422 naming why there is none. */
function startOf(loaded: LoadedModel, run: RunResult, featureId: number): FlowStart {
  const { model, network } = loaded;
  const unreached = () => invalid({ feature_id: [msg('water_network_flow.unreached', { id: featureId })] });
  if (network.pipeIds.has(featureId)) {
    const pipes = model.pipes.filter((pipe) => pipe.pipeId === featureId);
    if (pipes.length === 0) throw invalid({ feature_id: [msg('water_network.not_in_network')] });
    if (!pipes.some((pipe) => run.pipes.has(pipe.id))) throw unreached();
    return { pipes };
  }
  const nodeId = model.nodeOfFeature.get(featureId);
  if (nodeId === undefined) throw invalid({ feature_id: [msg('water_network.not_in_network')] });
  // A closed valve stands between pipe pieces the model keeps apart, one node each: it starts
  // on every side (an open valve's vertex is one node).
  const vertex = network.graph.valveVertex.get(featureId);
  const nodes =
    vertex === undefined || vertex === null
      ? [nodeId]
      : model.nodes.filter((node) => node.vertex === vertex).map((node) => node.id);
  if (!nodes.some((id) => run.nodes.has(id))) throw unreached();
  return { nodes };
}

/** Handlers for the directed (upstream / downstream) traces of a map's water network. */
export const routeHandlers = typedHandlers({
  traceWaterNetworkFlow: async ({ services, auth, params, body }) => {
    const map = await mapFor(services.db, auth, params.id, 'read');
    const loaded = await loadModel(services.db, map.id, map.center as [number, number]);
    const run = await solving(() => flowsOf(loaded.model));
    const start = startOf(loaded, run, body.feature_id);
    const flows = new Map([...run.pipes].map(([id, result]) => [id, result.flow]));
    const trace = traceFlow(loaded.model, flows, start, body.direction);
    const byNode = new Map(loaded.model.nodes.map((node) => [node.id, node]));
    const sourceIds: number[] = [];
    const nodeIds: number[] = [];
    for (const id of trace.nodeIds) {
      const node = byNode.get(id);
      if (node) (node.kind === 'junction' ? nodeIds : sourceIds).push(...node.featureIds);
    }
    // A source's node also holds the valves and hydrants beside it: only the source layer's are sources.
    const sourceLayer =
      sourceIds.length === 0
        ? new Set<number>()
        : await featureIdsOfLayerAmong(
            services.db,
            sourceIds,
            loaded.network.config.hydraulics.source_layer_id,
          );
    const sources = sourceIds.filter((id) => sourceLayer.has(id));
    const nodes = [...nodeIds, ...sourceIds.filter((id) => !sourceLayer.has(id))];
    const ascending = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    return {
      status: 200,
      body: {
        data: {
          feature_id: body.feature_id,
          direction: body.direction,
          pipe_ids: trace.pipeIds,
          node_ids: ascending(nodes),
          source_ids: ascending(sources),
          node_layers: await nodeLayerFeatures(services.db, loaded.network.config, ascending(nodes)),
          flow_tolerance_lps: FLOW_TOLERANCE_LPS,
        },
      },
    };
  },
});
