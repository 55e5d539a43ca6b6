import { parentPort, workerData } from 'node:worker_threads';
import { OVERSIZED, vertexCount } from './feature-checks.ts';
import { formatReader, type ImportRequest } from './import-readers.ts';
import { UnreadableFile, type ImportedFeature } from './imported-feature.ts';
import type { FromWorker, ToWorker } from './worker-reader.ts';

/** Features handed over per message: small enough that each step answers well within its limit. */
const BATCH = 250;
/**
 * Positions handed over per message, at most (one feature may pass it alone): each message is
 * copied onto the HTTP thread, so 250 lines of 100,000 vertices in one would hold it for seconds.
 */
const BATCH_POSITIONS = 100_000;

const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');
const { request, maxVertices } = workerData as { request: ImportRequest; maxVertices: number };
const progress = { fraction: 0 };
const features = formatReader(request)(progress)[Symbol.asyncIterator]();

/**
 * A geometry of more positions than a feature may have goes over as a stand-in that keeps its
 * type and says so (feature-checks.ts names the row): a line of a million vertices is not
 * copied to the HTTP thread, twice, only to be skipped there.
 */
function handedOver(feature: ImportedFeature): { feature: ImportedFeature; positions: number } {
  if (!feature.geometry) return { feature, positions: 0 };
  const positions = vertexCount(feature.geometry, maxVertices);
  if (positions <= maxVertices) return { feature, positions };
  const stand_in = { type: feature.geometry.type, coordinates: [], [OVERSIZED]: true };
  return { feature: { ...feature, geometry: stand_in }, positions: 0 };
}

function failure(error: unknown): FromWorker {
  if (error instanceof UnreadableFile)
    return {
      type: 'unreadable',
      reason: error.message,
      ...(error.problem ? { problem: error.problem } : {}),
    };
  const code = (error as { code?: unknown }).code;
  return {
    type: 'failed',
    reason: error instanceof Error ? error.message : String(error),
    system: typeof code === 'string' && /^E[A-Z]+$/.test(code),
  };
}

port.on('message', (message: ToWorker) => {
  if (message.type !== 'next') return;
  void (async () => {
    const batch: ImportedFeature[] = [];
    let positions = 0;
    try {
      while (batch.length < BATCH && positions < BATCH_POSITIONS) {
        const next = await features.next();
        if (next.done) {
          port.postMessage({ type: 'batch', features: batch, done: true, read: 1 } satisfies FromWorker);
          return;
        }
        const item = handedOver(next.value);
        batch.push(item.feature);
        positions += item.positions;
      }
      port.postMessage({
        type: 'batch',
        features: batch,
        done: false,
        read: progress.fraction,
      } satisfies FromWorker);
    } catch (error) {
      port.postMessage(failure(error));
    }
  })();
});
