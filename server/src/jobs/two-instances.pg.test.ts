import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { EXPORT_JOB, type ExportPayload } from '../exports/export-job.ts';
import { enqueueJob } from './job-queue.ts';

/**
 * Two real server processes on one PostgreSQL share the jobs table: the one working an export
 * is killed with SIGKILL mid-way, and the other claims the job once its lease runs out and
 * finishes the file. Runs in the PostgreSQL pass (`npm run test:server:pg`).
 */
const FEATURES = 60_000;
const LEASE_MS = 2_000;
const PORTS = [9102, 9103];

let url: string;
let dbName: string;
let db: Database;
let dataDir: string;
const servers: ChildProcess[] = [];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'client'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: '0',
      JOB_LEASE_MS: String(LEASE_MS),
      JOB_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running')) resolve(child);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server on ${port} exited (${code}): ${output}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobRow(id: string) {
  const [row] = await db.query<{
    status: string;
    progress: number;
    locked_by: string | null;
    attempts: number;
    result: { file?: string } | null;
  }>('SELECT status, progress, locked_by, attempts, result FROM jobs WHERE id = $1', [id]);
  return row;
}

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('this test needs PostgreSQL: run it with npm run test:server:pg');
  dbName = `atlasboard_instances_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const target = new URL(base);
  target.pathname = `/${dbName}`;
  url = target.toString();
  db = openPostgres(url);
  await migrate(db);
  dataDir = await mkdtemp(path.join(tmpdir(), 'atlasboard-instances-'));
  // A built client newer than its sources, so neither instance starts a client build.
  await mkdir(path.join(dataDir, 'client'));
  await writeFile(path.join(dataDir, 'client', 'index.html'), '<!doctype html><title>test</title>');
  // A user already exists, so neither instance seeds (they start at the same time).
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, type) VALUES ('Ada', 'ada@example.com', 'x', 'admin') RETURNING id`,
  );
  const [map] = await db.query<{ id: number }>(
    `INSERT INTO maps (title, center, zoom, created_by) VALUES ('Meters', '[-9.14, 38.72]', 12, $1) RETURNING id`,
    [user?.id],
  );
  const [layer] = await db.query<{ id: number }>(
    `INSERT INTO layers (map_id, name, type, geometry_type, "order", style) VALUES ($1, 'Meters', 'vector', 'Point', 0, '{}') RETURNING id`,
    [map?.id],
  );
  await db.query(
    `INSERT INTO features (layer_id, geom, properties)
     SELECT $1, ST_SetSRID(ST_MakePoint(-9.2 + (i % 300) * 0.0003, 38.7 + (i / 300) * 0.0003), 4326),
       jsonb_build_object('code', 'M-' || i, 'reading', i)
     FROM generate_series(1, $2) i`,
    [layer?.id, FEATURES],
  );
  await Promise.all(PORTS.map(startServer));
  (globalThis as { instancesLayerId?: number }).instancesLayerId = layer?.id;
  (globalThis as { instancesUserId?: number }).instancesUserId = user?.id;
}, 180_000);

afterAll(async () => {
  for (const server of servers)
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await Promise.all(
    servers.map((server) =>
      server.exitCode === null && server.signalCode === null
        ? new Promise((resolve) => server.once('exit', resolve))
        : undefined,
    ),
  );
  await db?.close();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('two server instances on one PostgreSQL', () => {
  it('killing the instance working an export (SIGKILL) mid-way, the other finishes it', async () => {
    const layerId = (globalThis as { instancesLayerId?: number }).instancesLayerId as number;
    const payload: ExportPayload = {
      format: 'geojson',
      scope: { kind: 'layer', layer_id: layerId },
      file_name: 'meters.geojson',
      title: 'Meters',
      geometry_type: 'Point',
      email_to_send: null,
      link_origin: 'http://localhost',
      locale: 'en',
    };
    const job = await enqueueJob(db, {
      kind: EXPORT_JOB,
      payload: payload as unknown as Record<string, unknown>,
      userId: (globalThis as { instancesUserId?: number }).instancesUserId ?? null,
      mapId: null,
      expiresAt: new Date(Date.now() + 3600_000),
    });

    // Wait until an instance has claimed it and reported progress, then kill that instance.
    let row = await jobRow(job.id);
    while (!(row?.status === 'running' && row.progress > 0 && row.locked_by)) {
      expect(row?.status, 'the export finished before an instance could be killed mid-way').not.toBe('done');
      await sleep(50);
      row = await jobRow(job.id);
    }
    const holderPid = Number(row.locked_by?.split('-').at(-2));
    const holder = servers.find((server) => server.pid === holderPid);
    expect(holder, `no instance has pid ${holderPid} (locked_by ${row.locked_by})`).toBeDefined();
    const survivor = servers.find((server) => server !== holder) as ChildProcess;
    const killed = new Promise<NodeJS.Signals | null>((resolve) =>
      holder?.once('exit', (_, signal) => resolve(signal)),
    );
    holder?.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');
    const progressAtKill = row.progress;
    expect(progressAtKill).toBeLessThan(1);

    // The survivor claims it again once the lease runs out, and finishes it.
    while (row?.status !== 'done') {
      expect(row?.status).not.toBe('failed');
      await sleep(200);
      row = await jobRow(job.id);
    }
    expect(survivor.exitCode).toBeNull();
    expect(row.attempts).toBe(2);
    const file = path.join(dataDir, 'exports', path.basename(String(row.result?.file)));
    const written = JSON.parse(await readFile(file, 'utf8')) as { features: unknown[] };
    expect(written.features).toHaveLength(FEATURES);
  }, 300_000);
});
