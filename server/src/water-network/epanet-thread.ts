import { Worker } from 'node:worker_threads';
import { EpanetFailure, type FromEpanet, type ToEpanet } from './epanet-messages.ts';
import type { RunResult } from './epanet-run.ts';
import type { FireFlowAnswer } from './fire-flow-search.ts';
import type { HydraulicModel } from './hydraulic-model.ts';

const ENTRY = new URL('./epanet-worker-entry.mjs', import.meta.url);

export interface EpanetLimits {
  /** How long one request may run in the worker (a fire flow is one request of many solves). */
  runMs: number;
  /** Requests that may wait behind the running one; more are refused at once. */
  queued: number;
}

/**
 * The demo town (3,400 pipes) solves in about 0.1 s and a fire flow in a few tenths; ten
 * seconds is far past any model a map holds, yet short enough that a stuck solve frees the
 * worker soon.
 */
export const EPANET_LIMITS: EpanetLimits = { runMs: 10_000, queued: 8 };

/** The queue is full: the caller answers 503 with Retry-After. */
export class EpanetBusy extends Error {}
/** A request ran past its time limit; the worker was stopped and a fresh one takes over. */
export class EpanetTimeout extends Error {
  constructor(readonly ms: number) {
    super(`EPANET did not finish within ${ms} ms`);
  }
}

/** Opened projects a worker keeps (one map's model, and the one before an edit). */
const HELD = 2;

type Request = { task: 'run' } | { task: 'fire-flow'; nodeId: string; residualM: number };

interface Job {
  id: number;
  message: (held: Held) => ToEpanet;
  resolve: (reply: FromEpanet & { ok: true }) => void;
  reject: (error: Error) => void;
}

/** Models the current worker holds, oldest first: the worker evicts exactly what this says. */
type Held = number[];

/**
 * EPANET on a worker thread of its own, so a solve never stops the HTTP thread. One request
 * runs at a time; the rest wait in a bounded queue. A request past its time limit (or a worker
 * that dies) is answered with an error and the worker replaced; nothing waits forever.
 * See docs/decisions.md#water-network.
 */
export class EpanetThread {
  private worker: Worker | undefined;
  private held: Held = [];
  private readonly queue: Job[] = [];
  private current: { job: Job; sent: ToEpanet; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  private readonly keys = new WeakMap<HydraulicModel, number>();
  private nextKey = 1;

  constructor(private readonly limits: EpanetLimits = EPANET_LIMITS) {}

  /** Starts the worker and loads the engine now, so the first request finds it ready. */
  warm(): Promise<void> {
    return this.submit(() => ({ id: 0, task: 'warm' }), true).then(() => undefined);
  }

  /** One steady-state solve of a model a source reaches everywhere (see reachedPart). */
  async run(model: HydraulicModel): Promise<RunResult> {
    const reply = await this.submit(this.modelMessage(model, { task: 'run' }));
    return reply.run as RunResult;
  }

  /** The fire-flow search at a node of such a model, all its solves in one request. */
  async fireFlow(model: HydraulicModel, nodeId: string, residualM: number): Promise<FireFlowAnswer> {
    const reply = await this.submit(this.modelMessage(model, { task: 'fire-flow', nodeId, residualM }));
    return reply.fireFlow as FireFlowAnswer;
  }

  /** Stops the worker; waiting requests are refused. */
  async close(): Promise<void> {
    const waiting = this.queue.splice(0);
    for (const job of waiting) job.reject(new EpanetBusy('the EPANET worker is closing'));
    if (this.current) {
      clearTimeout(this.current.timer);
      this.current.job.reject(new EpanetBusy('the EPANET worker is closing'));
      this.current = undefined;
    }
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private modelMessage(model: HydraulicModel, request: Request): (held: Held) => ToEpanet {
    let key = this.keys.get(model);
    if (key === undefined) {
      key = this.nextKey++;
      this.keys.set(model, key);
    }
    const known = key;
    return (held) => {
      const has = held.includes(known);
      const evict = has ? [] : held.splice(0, Math.max(0, held.length - HELD + 1));
      if (has) held.splice(held.indexOf(known), 1);
      held.push(known);
      return { id: 0, ...request, key: known, evict, ...(has ? {} : { model }) } as ToEpanet;
    };
  }

  private submit(message: Job['message'], front = false): Promise<FromEpanet & { ok: true }> {
    return new Promise((resolve, reject) => {
      if (!front && this.queue.length >= this.limits.queued) {
        reject(new EpanetBusy(`${this.queue.length} EPANET requests are waiting`));
        return;
      }
      const job = { id: this.nextId++, message, resolve, reject };
      if (front) this.queue.unshift(job);
      else this.queue.push(job);
      this.pump();
    });
  }

  private start(): Worker {
    const worker = new Worker(ENTRY);
    this.held = [];
    worker.on('message', (reply: FromEpanet) => this.settle(worker, reply));
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.fail(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the EPANET worker stopped (exit code ${code})`)));
    return worker;
  }

  private pump(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.worker ??= this.start();
    this.worker.ref();
    const timer = setTimeout(() => {
      const worker = this.worker;
      this.worker = undefined;
      // A solve cannot be interrupted from outside: the worker goes, a fresh one comes.
      void worker?.terminate();
      this.fail(new EpanetTimeout(this.limits.runMs));
    }, this.limits.runMs);
    const sent = { ...job.message(this.held), id: job.id };
    this.current = { job, sent, timer };
    this.worker.postMessage(sent);
  }

  private settle(worker: Worker, reply: FromEpanet): void {
    const current = this.current;
    if (worker !== this.worker || !current || current.job.id !== reply.id) return;
    clearTimeout(current.timer);
    this.current = undefined;
    if (reply.ok) current.job.resolve(reply);
    else {
      // The worker let go of a model it failed on; it is sent again next time.
      const { sent } = current;
      if (sent.task !== 'warm') this.held = this.held.filter((key) => key !== sent.key);
      current.job.reject(reply.unsolvable ? new EpanetFailure(reply.message) : new Error(reply.message));
    }
    this.pump();
  }

  private fail(error: Error): void {
    const current = this.current;
    this.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(error);
    }
    this.pump();
  }
}

let shared: EpanetThread | undefined;

/** The process's EPANET worker (started on first use, or by main.ts at start). */
export function epanet(): EpanetThread {
  shared ??= new EpanetThread();
  return shared;
}
