import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { claimJob, enqueueJob, MAX_ATTEMPTS } from './job-queue.ts';
import { createJobWorker } from './job-worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('an export whose every attempt died', () => {
  it('is failed with the reason, so the caller polling it learns so', async () => {
    const db = t.database.db;
    const { client, user } = await t.signedIn('user');
    const map = await insertMap(db);
    const job = await enqueueJob(db, {
      kind: 'export',
      payload: { format: 'geojson', file_name: 'pipes.geojson' },
      userId: user.id,
      mapId: map.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    // Each attempt's instance dies mid-way: claimed, then its lease runs out unrenewed.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect((await claimJob(db, `doomed-${attempt}`, 60_000))?.id).toBe(job.id);
      await db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [job.id]);
    }
    const status = async () =>
      (await client.get(`/api/exports/${job.id}`)).json<{ data: { status: string } }>().data.status;
    expect(await status()).toBe('running');

    const worker = createJobWorker({ db, runners: {}, workerId: 'survivor' });
    expect(await worker.runOnce()).toBe(false);
    expect(await status()).toBe('failed');
    const [row] = await db.query<{ error: string; locked_by: string | null }>(
      'SELECT error, locked_by FROM jobs WHERE id = $1',
      [job.id],
    );
    expect(row).toEqual({
      error: expect.stringMatching(/stopped without finishing 3 times/),
      locked_by: null,
    });
  });
});
