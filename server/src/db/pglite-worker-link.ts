import type { Worker } from 'node:worker_threads';
import type { ChannelListener } from './database.ts';
import { WorkerDatabaseError, type FromPGlite, type ToPGlite } from './pglite-messages.ts';

export type Request = ToPGlite extends infer M ? (M extends ToPGlite ? Omit<M, 'id'> : never) : never;
interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * The HTTP thread's end of the PGlite worker: numbered requests, their replies, and notices
 * handed to listeners. A worker that stops answers every waiting and later request with an error.
 */
export class WorkerLink {
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
