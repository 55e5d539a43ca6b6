import { Worker } from 'node:worker_threads';
import { createConnectionGate } from './connection-gate.ts';
import type { ChannelListener, Database, Queryable } from './database.ts';
import {
  WorkerDatabaseError,
  type FromPGlite,
  type PGliteWorkerData,
  type ToPGlite,
} from './pglite-messages.ts';

const ENTRY = new URL('./pglite-worker-entry.mjs', import.meta.url);

type Request = ToPGlite extends infer M ? (M extends ToPGlite ? Omit<M, 'id'> : never) : never;
interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * The HTTP thread's end of the PGlite worker: numbered requests, their replies, and notices
 * handed to listeners. A worker that stops answers every waiting and later request with an error.
 */
class WorkerLink {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, ChannelListener>();
  private nextId = 1;
  private lost: Error | undefined;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromPGlite) => this.receive(message));
    worker.on('error', (error: Error) =>
      this.stop(new Error(`the database worker failed: ${error.message}`)),
    );
    worker.on('exit', (code) => this.stop(new Error(`the database worker stopped (exit code ${code})`)));
  }

  call(request: Request): Promise<unknown[]> {
    if (this.lost) return Promise.reject(this.lost);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Referenced only while something waits, as an in-process PGlite never held the process open.
      this.worker.ref();
      try {
        this.worker.postMessage({ ...request, id });
      } catch (error) {
        this.settle(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  subscribe(listener: ChannelListener): number {
    const subscription = this.nextId++;
    this.listeners.set(subscription, listener);
    return subscription;
  }

  unsubscribe(subscription: number): void {
    this.listeners.delete(subscription);
  }

  /** Ends the link on purpose: later calls are refused with `reason`, not with a worker failure. */
  stop(reason: Error): void {
    if (this.lost) return;
    this.lost = reason;
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(reason);
    // Notices may have been missed: caches kept on their strength must be dropped.
    for (const listener of this.listeners.values()) listener.reset(false);
    this.listeners.clear();
  }

  private settle(id: number): Pending | undefined {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    return waiting;
  }

  private receive(message: FromPGlite): void {
    if ('notice' in message) {
      this.listeners.get(message.notice)?.message(message.payload);
      return;
    }
    const waiting = this.settle(message.id);
    if (message.ok) waiting?.resolve(message.rows ?? []);
    else waiting?.reject(new WorkerDatabaseError(message.error));
  }
}

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
