import { parentPort } from 'node:worker_threads';
import { EpanetFailure, type FromEpanet, type ToEpanet } from './epanet-messages.ts';
import { openModel, type OpenModel } from './epanet-run.ts';
import { searchFireFlow } from './fire-flow-search.ts';
import { buildModel, isModel, type HydraulicModel } from './hydraulic-model.ts';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings.ts';
import { buildNetworkGraph } from '@shared/water-network/network-graph.ts';

/**
 * The EPANET worker thread: holds the WebAssembly engine and the opened projects of the last
 * models it was given (see epanet-thread.ts), and answers one request at a time. Solving runs
 * here so the HTTP thread keeps answering while EPANET works.
 */
const port = parentPort;
if (!port) throw new Error('epanet-worker runs as a worker thread');

interface Held {
  model: HydraulicModel;
  open: OpenModel;
}
const held = new Map<number, Held>();

/** A reservoir feeding one pipe to a junction: loads the engine and warms the code paths. */
function warmModel(): HydraulicModel {
  const point = (x: number) => ({ x, y: 0 });
  const built = buildModel({
    graph: buildNetworkGraph({
      pipes: [{ id: 1, parts: [[point(0), point(100)]] }],
      valves: [],
      nodes: [
        { id: 2, point: point(0) },
        { id: 3, point: point(100) },
      ],
      toleranceM: 0.5,
    }),
    settings: DEFAULT_HYDRAULICS,
    pipes: new Map([[1, { diameter_mm: 100 }]]),
    valves: new Map(),
    nodes: new Map([[3, { demand_lps: 1 }]]),
    sources: new Map([[2, { head_m: 50 }]]),
    serviceIds: new Set(),
  });
  if (!isModel(built)) throw new Error(`the warm-up model is invalid: ${JSON.stringify(built)}`);
  return built;
}

async function projectOf(key: number, model: HydraulicModel | undefined, evict: number[]): Promise<Held> {
  for (const gone of evict) {
    held.get(gone)?.open.close();
    held.delete(gone);
  }
  const known = held.get(key);
  if (known) return known;
  if (!model) throw new Error(`model ${key} was neither sent nor held`);
  const entry = { model, open: await openModel(model) };
  held.set(key, entry);
  return entry;
}

async function answer(message: ToEpanet): Promise<FromEpanet> {
  const { id } = message;
  if (message.task === 'warm') {
    const open = await openModel(warmModel());
    open.solve();
    open.close();
    return { id, ok: true };
  }
  const { open, model } = await projectOf(message.key, message.model, message.evict);
  if (message.task === 'run') return { id, ok: true, run: open.solve() };
  const node = model.nodes.find((candidate) => candidate.id === message.nodeId);
  if (!node) throw new Error(`node ${message.nodeId} is not in the model`);
  return { id, ok: true, fireFlow: searchFireFlow(open, node.id, node.demandLps, message.residualM) };
}

/** A model that failed is let go (the HTTP thread forgets it too and sends it again). */
function forget(message: ToEpanet): void {
  if (message.task === 'warm') return;
  held.get(message.key)?.open.close();
  held.delete(message.key);
}

port.on('message', (message: ToEpanet) => {
  answer(message).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => {
      forget(message);
      port.postMessage({
        id: message.id,
        ok: false,
        unsolvable: error instanceof EpanetFailure,
        message: error instanceof Error ? error.message : String(error),
      } satisfies FromEpanet);
    },
  );
});
