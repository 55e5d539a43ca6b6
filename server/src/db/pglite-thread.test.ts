import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openPGliteThread } from './pglite-thread.ts';
import { WorkerLink } from './pglite-worker-link.ts';

let db: Database;
beforeAll(async () => {
  db = await openPGliteThread();
  await db.query('CREATE TABLE places (id int PRIMARY KEY, name text CONSTRAINT places_name_key UNIQUE)');
});
afterAll(async () => {
  await db.close();
});

const count = async (on: Database) =>
  (await on.query<{ n: number }>('SELECT count(*)::int AS n FROM places'))[0]?.n;

describe('PGlite on a worker thread', () => {
  it('keeps none of a transaction whose work throws', async () => {
    const before = await count(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO places VALUES (1, $1)', ['Lisbon']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count(db)).toBe(before);
  });

  it('keeps all of a transaction that ends, and answers with its result', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO places VALUES (2, $1)', ['Porto']);
      return (await tx.query<{ name: string }>('SELECT name FROM places WHERE id = 2'))[0]?.name;
    });
    expect(result).toBe('Porto');
    expect(await db.query('SELECT name FROM places WHERE id = 2')).toEqual([{ name: 'Porto' }]);
  });

  it('runs a plain query only after a transaction that started before it has ended', async () => {
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let inside: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const writing = db.transaction(async (tx) => {
      await tx.query('INSERT INTO places VALUES (3, $1)', ['Faro']);
      inside();
      await held;
    });
    await started;
    let answered = false;
    const reading = db.query<{ name: string }>('SELECT name FROM places WHERE id = 3').then((rows) => {
      answered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    finish();
    await writing;
    expect(await reading).toEqual([{ name: 'Faro' }]);
  });

  it('hands over a unique violation with its code, constraint and message', async () => {
    await db.query('INSERT INTO places VALUES (4, $1)', ['Braga']);
    const failure = await db
      .query('INSERT INTO places VALUES (5, $1)', ['Braga'])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'places_name_key' });
    expect((failure as Error).message).toContain('places_name_key');
  });

  it("delivers a NOTIFY to a listener before the writer's await returns", async () => {
    const heard: string[] = [];
    const off = await db.listen!('places_changed', {
      message: (payload) => heard.push(payload),
      reset: () => undefined,
    });
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('places_changed', 'in a transaction')");
    });
    expect(heard).toEqual(['in a transaction']);
    await db.query("NOTIFY places_changed, 'plain'");
    expect(heard).toEqual(['in a transaction', 'plain']);
    await off();
    await db.query("NOTIFY places_changed, 'after'");
    expect(heard).toEqual(['in a transaction', 'plain']);
  });

  it("keeps this thread's event loop turning while a long statement runs", async () => {
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 5);
    try {
      await db.query('SELECT pg_sleep(0.4)');
    } finally {
      clearInterval(ticking);
    }
    expect(ticks).toBeGreaterThan(3);
  });
});

describe('PGlite on a worker thread with a data dir', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what was written across a close and a reopen', async () => {
    const first = await openPGliteThread({ dataDir: dir });
    await first.query('CREATE TABLE kept (note text)');
    await first.query('INSERT INTO kept VALUES ($1)', ['still here']);
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow('closed');
    const second = await openPGliteThread({ dataDir: dir });
    try {
      expect(await second.query('SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await second.close();
    }
  });
});

describe('a database worker that stops', () => {
  it('fails the waiting query and every later one with an error, and tells listeners to forget', async () => {
    // A worker that dies on the first request it is sent, as a crashed database worker would.
    const worker = new Worker(
      "require('node:worker_threads').parentPort.on('message', () => process.exit(7))",
      {
        eval: true,
      },
    );
    const link = new WorkerLink(worker);
    const resets: boolean[] = [];
    link.subscribe({ message: () => undefined, reset: (listening) => resets.push(listening) });
    await expect(link.call({ op: 'query', sql: 'SELECT 1', params: [], tx: false })).rejects.toThrow(
      'the database worker stopped (exit code 7)',
    );
    await expect(link.call({ op: 'query', sql: 'SELECT 1', params: [], tx: false })).rejects.toThrow(
      'the database worker stopped',
    );
    expect(resets).toEqual([false]);
  });
});
