import { parentPort, workerData } from 'node:worker_threads';
import { formatReader, type ImportRequest } from './import-readers.ts';
import { UnreadableFile, type ImportedFeature } from './imported-feature.ts';
import type { FromWorker, ToWorker } from './worker-reader.ts';

/** Features handed over per message: small enough that each step answers well within its limit. */
const BATCH = 250;

const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');
const { request } = workerData as { request: ImportRequest };
const features = formatReader(request)()[Symbol.asyncIterator]();

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
    try {
      while (batch.length < BATCH) {
        const next = await features.next();
        if (next.done) {
          port.postMessage({ type: 'batch', features: batch, done: true } satisfies FromWorker);
          return;
        }
        batch.push(next.value);
      }
      port.postMessage({ type: 'batch', features: batch, done: false } satisfies FromWorker);
    } catch (error) {
      port.postMessage(failure(error));
    }
  })();
});
