import { Worker } from 'node:worker_threads';
import { createConnectionGate } from './connection-gate.ts';
import type { Database, Queryable } from './database.ts';
import { WorkerDatabaseError, type FromPGlite, type PGliteWorkerData } from './pglite-messages.ts';
import { WorkerLink } from './pglite-worker-link.ts';

const ENTRY = new URL('./pglite-worker-entry.mjs', import.meta.url);

/** Starts the worker and waits until its PGlite is ready (or reports why it is not). */
async function startWorker(data: PGliteWorkerData): Promise<{ worker: Worker; link: WorkerLink }> {
  const worker = new Worker(ENTRY, { workerData: data, transferList: data.load ? [data.load] : [] });
  const ready = new Promise<void>((resolve, reject) => {
    const early = (error: Error) => reject(error);
    worker.once('error', early);
    worker.once('exit', (code) => reject(new Error(`the database worker stopped (exit code ${code})`)));
    worker.once('message', (message: FromPGlite) => {
      worker.off('error', early);
      if ('id' in message && message.ok) resolve();
      else if ('error' in message) reject(new WorkerDatabaseError(message.error));
    });
  });
  const link = new WorkerLink(worker);
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();
  return { worker, link };
}

/**
 * The embedded database on a worker thread of its own, with the same semantics as wrapPGlite:
 * plain queries and transactions pass the same gate one at a time on this thread; a transaction's
 * `work` runs here and its queries go to the worker inside the one open transaction; notices reach
 * listeners before the statement that committed them returns. See docs/decisions.md#pglite-thread.
 */
export async function openPGliteThread(
  options: { dataDir?: string; loadDataDir?: Blob; waitMs?: number } = {},
): Promise<Database> {
  const load = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const { worker, link } = await startWorker({
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(load ? { load } : {}),
  });
  const through = createConnectionGate(options.waitMs ?? 15_000);
  const query = async <Row>(sql: string, params: readonly unknown[] = [], tx = false) =>
    (await link.call({ op: 'query', sql, params: [...params], tx })) as Row[];
  return {
    query: (sql, params) => through(() => query(sql, params)),
    transaction: (work) =>
      through(async () => {
        await link.call({ op: 'begin' });
        let open = true;
        const tx: Queryable = {
          query: (sql, params) => {
            if (!open) return Promise.reject(new Error('Transaction is closed'));
            return query(sql, params, true);
          },
        };
        try {
          const result = await work(tx);
          open = false;
          await link.call({ op: 'end', commit: true });
          return result;
        } catch (error) {
          if (open) {
            open = false;
            // The work's own error is the one to report; a failed rollback adds nothing to it.
            await link.call({ op: 'end', commit: false }).catch(() => undefined);
          }
          throw error;
        }
      }),
    listen: async (channel, listener) => {
      const subscription = link.subscribe(listener);
      try {
        await link.call({ op: 'listen', channel, subscription });
      } catch (error) {
        link.unsubscribe(subscription);
        throw error;
      }
      return async () => {
        link.unsubscribe(subscription);
        await link.call({ op: 'unlisten', subscription });
      };
    },
    close: async () => {
      await link.call({ op: 'close' });
      link.stop(new Error('the database is closed'));
      await worker.terminate();
    },
  };
}
