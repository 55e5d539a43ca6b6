import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import {
  claimJob,
  completeJob,
  failAbandonedJobs,
  failJob,
  reportProgress,
  type JobRow,
} from './job-queue.ts';

/** What a runner gets: its job, and a progress callback that also renews the lease. */
export interface JobContext {
  job: JobRow;
  /** Who holds the job: a runner that commits its own completion checks it still does. */
  workerId: string;
  /** Throws JobLeaseLost when another worker took the job over; the runner then stops. */
  progress(fraction: number): Promise<void>;
}

export type JobRunner = (context: JobContext) => Promise<Record<string, unknown>>;
export type JobRunners = Readonly<Record<string, JobRunner>>;

export class JobLeaseLost extends Error {}

/** A failure another attempt cannot mend (e.g. an unreadable file): the job fails at once. */
export class JobFailedForGood extends Error {}

export interface JobWorkerOptions {
  db: Database;
  runners: JobRunners;
  workerId?: string;
  /** How long a claim holds without a progress report; a dead worker's job is free after it. */
  leaseMs?: number;
  pollMs?: number;
  onError?: (error: unknown, job: JobRow) => void;
}

export interface JobWorker {
  readonly workerId: string;
  /** Claims and runs one job (the named one, if given); false when there was none to claim. */
  runOnce(onlyId?: string): Promise<boolean>;
  /** Runs a job this worker already holds (see enqueueJob's `claimedBy`). */
  runClaimed(job: JobRow): Promise<void>;
  /** How long this worker's claims hold without a progress report. */
  readonly leaseMs: number;
  /** Stops polling and waits for the job in hand to end. */
  stop(): Promise<void>;
}

/**
 * A worker polling the jobs table. Every server instance runs one; they share the queue
 * through the database alone, so instances can come and go (main.ts starts one, tests drive
 * `runOnce` directly).
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker & { start(): void } {
  const workerId = options.workerId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> = Promise.resolve(false);
  let stopped = false;

  async function run(job: JobRow): Promise<void> {
    const runner = options.runners[job.kind];
    const context: JobContext = {
      job,
      workerId,
      progress: async (fraction) => {
        if (!(await reportProgress(options.db, job.id, workerId, fraction, leaseMs)))
          throw new JobLeaseLost();
      },
    };
    try {
      if (!runner) throw new Error(`no runner for job kind ${job.kind}`);
      const result = await runner(context);
      await completeJob(options.db, job.id, workerId, result);
    } catch (error) {
      if (error instanceof JobLeaseLost) return;
      options.onError?.(error, job);
      await failJob(
        options.db,
        job.id,
        workerId,
        error instanceof Error ? error.message : String(error),
        error instanceof JobFailedForGood,
      );
    }
  }

  async function runOnce(onlyId?: string): Promise<boolean> {
    await failAbandonedJobs(options.db);
    const job = await claimJob(options.db, workerId, leaseMs, onlyId);
    if (!job) return false;
    await run(job);
    return true;
  }

  function tick(): void {
    running = runOnce().catch(() => false);
    void running.then((didWork) => {
      // Drain the queue without pausing while there is work; otherwise poll again later.
      if (!stopped) timer = setTimeout(tick, didWork ? 0 : pollMs);
    });
  }

  return {
    workerId,
    leaseMs,
    runOnce,
    runClaimed: run,
    start() {
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
