import { Worker } from 'node:worker_threads';
import { featureLimits } from '../features/feature-limits.ts';
import { msg, type Message } from '../i18n/messages.ts';
import type { ImportRequest } from './import-readers.ts';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

/**
 * How long one step of reading (starting the reader, or the next few hundred features) may
 * take. A hostile file that makes a parser spin (a GeoPackage's recursive view blocked every
 * request for 12.9 s) is stopped here, and the HTTP thread never ran it to begin with.
 */
export const PARSE_STEP_TIMEOUT_MS = 60_000;
/**
 * How long a whole read may take: a file that yields features without end (a view over a
 * recursive query did) is stopped too. A 500 MB import job reads in a few minutes.
 */
export const PARSE_TOTAL_TIMEOUT_MS = 30 * 60_000;

export interface ParseLimits {
  stepMs: number;
  totalMs: number;
}

export type ToWorker = { type: 'next' };
export type FromWorker =
  /** `read`: how far through the file the reader is after this batch (0 to 1). */
  | { type: 'batch'; features: ImportedFeature[]; done: boolean; read: number }
  | { type: 'unreadable'; reason: string; problem?: Message }
  | { type: 'failed'; reason: string; system: boolean };

const ENTRY = new URL('./parse-worker-entry.mjs', import.meta.url);

function timedOut(ms: number): UnreadableFile {
  return new UnreadableFile(
    `reading took longer than ${ms} ms`,
    msg('exports.import_timeout', { seconds: Math.max(1, Math.round(ms / 1000)) }),
  );
}

/** One answer of the worker, or its death, or the time limit: whichever comes first. */
function nextAnswer(worker: Worker, ms: number, limits: ParseLimits): Promise<FromWorker> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (message: FromWorker) => {
      done();
      resolve(message);
    };
    const onError = (error: Error) => {
      done();
      // A file too big to parse is the file's fault; a worker that cannot start is ours (retried).
      const memory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      reject(memory ? new UnreadableFile(error.message) : error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`the parse worker stopped (exit code ${code})`));
    };
    const timer = setTimeout(() => {
      done();
      reject(timedOut(ms < limits.stepMs ? limits.totalMs : limits.stepMs));
    }, ms);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ type: 'next' } satisfies ToWorker);
  });
}

/**
 * The request's reader run in a worker thread, handing features over in batches as they are
 * asked for (never more than one batch ahead). Each step, and the whole read, has a time
 * limit; past it the worker is terminated and the file refused as unreadable (a 422, and a
 * job that fails at once).
 */
export function workerReader(
  request: ImportRequest,
  limits: ParseLimits = { stepMs: PARSE_STEP_TIMEOUT_MS, totalMs: PARSE_TOTAL_TIMEOUT_MS },
): FeatureReader {
  return async function* read(progress): AsyncIterable<ImportedFeature> {
    // The limits live in this thread's modules (set from the configuration): the worker gets them here.
    const worker = new Worker(ENTRY, { workerData: { request, maxVertices: featureLimits().vertices } });
    const deadline = Date.now() + limits.totalMs;
    try {
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw timedOut(limits.totalMs);
        const answer = await nextAnswer(worker, Math.min(limits.stepMs, left), limits);
        if (answer.type === 'unreadable') throw new UnreadableFile(answer.reason, answer.problem);
        if (answer.type === 'failed') {
          // A disk error may pass; anything else the parser threw is the file's doing.
          if (answer.system) throw new Error(answer.reason);
          throw new UnreadableFile(answer.reason);
        }
        if (progress) progress.fraction = answer.read;
        yield* answer.features;
        if (answer.done) return;
      }
    } finally {
      await worker.terminate();
    }
  };
}
