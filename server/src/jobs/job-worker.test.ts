import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { claimJob, completeJob, enqueueJob, MAX_ATTEMPTS } from './job-queue.ts';
import { createJobWorker, type JobRunner } from './job-worker.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => database.reset());

const statusOf = async (id: string) =>
  (
    await database.db.query<{
      status: string;
      progress: number;
      result: unknown;
      locked_by: string | null;
      attempts: number;
    }>('SELECT status, progress, result, locked_by, attempts FROM jobs WHERE id = $1', [id])
  )[0];

const enqueue = (payload: Record<string, unknown> = {}) =>
  enqueueJob(database.db, { kind: 'count', payload, userId: null, mapId: null, expiresAt: null });

const counting: JobRunner = async ({ job, progress }) => {
  await progress(0.5);
  return { counted: job.payload.n };
};

describe('jobs in the database', () => {
  it('a worker runs a queued job to done with its result and full progress', async () => {
    const job = await enqueue({ n: 7 });
    const worker = createJobWorker({ db: database.db, runners: { count: counting }, workerId: 'a' });
    expect(await worker.runOnce()).toBe(true);
    expect(await statusOf(job.id)).toMatchObject({
      status: 'done',
      progress: 1,
      result: { counted: 7 },
      locked_by: null,
    });
    expect(await worker.runOnce()).toBe(false);
  });

  it('a job queued already held by its worker is not taken by a polling one, and its holder finishes it', async () => {
    const inline = createJobWorker({ db: database.db, runners: { count: counting }, workerId: 'request' });
    const job = await enqueueJob(
      database.db,
      { kind: 'count', payload: { n: 2 }, userId: null, mapId: null, expiresAt: null },
      { workerId: inline.workerId, leaseMs: inline.leaseMs },
    );
    expect(await statusOf(job.id)).toMatchObject({ status: 'running', locked_by: 'request', attempts: 1 });
    const polling = createJobWorker({ db: database.db, runners: { count: counting }, workerId: 'poller' });
    expect(await polling.runOnce()).toBe(false);
    await inline.runClaimed(job);
    expect(await statusOf(job.id)).toMatchObject({ status: 'done', result: { counted: 2 }, locked_by: null });
  });

  it('two instances never claim the same job', async () => {
    const first = await enqueue();
    const second = await enqueue();
    const [a, b] = await Promise.all([
      claimJob(database.db, 'instance-a', 60_000),
      claimJob(database.db, 'instance-b', 60_000),
    ]);
    expect(new Set([a?.id, b?.id])).toEqual(new Set([first.id, second.id]));
    expect(await claimJob(database.db, 'instance-c', 60_000)).toBeUndefined();
  });

  it('a job whose worker died (lease ran out) is finished by another worker; the dead one cannot complete it', async () => {
    const job = await enqueue({ n: 3 });
    const claimed = await claimJob(database.db, 'dead-instance', 60_000);
    expect(claimed?.id).toBe(job.id);
    // Still leased: nobody else may take it.
    const survivor = createJobWorker({ db: database.db, runners: { count: counting }, workerId: 'survivor' });
    expect(await survivor.runOnce()).toBe(false);
    // The instance died: its lease runs out without being renewed.
    await database.db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [
      job.id,
    ]);
    expect(await survivor.runOnce()).toBe(true);
    expect(await statusOf(job.id)).toMatchObject({ status: 'done', result: { counted: 3 }, attempts: 2 });
    expect(await completeJob(database.db, job.id, 'dead-instance', { counted: -1 })).toBe(false);
    expect(await statusOf(job.id)).toMatchObject({ result: { counted: 3 } });
  });

  it('a failing job is retried, then stays failed with its error', async () => {
    const job = await enqueue();
    const failing: JobRunner = async () => {
      throw new Error('disk full');
    };
    const worker = createJobWorker({ db: database.db, runners: { count: failing }, workerId: 'a' });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    const row = await database.db.query<{ status: string; error: string }>(
      'SELECT status, error FROM jobs WHERE id = $1',
      [job.id],
    );
    expect(row[0]).toEqual({ status: 'failed', error: 'disk full' });
  });

  it('a started worker drains the queue by itself and stops cleanly', async () => {
    const jobs = [await enqueue({ n: 1 }), await enqueue({ n: 2 })];
    const worker = createJobWorker({ db: database.db, runners: { count: counting }, pollMs: 10 });
    worker.start();
    await expect
      .poll(async () => (await Promise.all(jobs.map((job) => statusOf(job.id)))).map((row) => row?.status))
      .toEqual(['done', 'done']);
    await worker.stop();
  });
});
