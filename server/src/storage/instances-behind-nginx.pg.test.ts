import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test-support/s3-server.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';

/**
 * Two real server instances on loopback behind Debian's nginx (round-robin), on one
 * PostgreSQL + PostGIS and one S3-protocol bucket (s3rver), each with a DATA_DIR of its own:
 * everything a user does through the balancer works whichever instance answers, an import
 * survives the instance running it being killed, and nothing answers 5xx. Runs in the
 * PostgreSQL pass (`npm run test:server:pg`).
 */
const IMPORT_ROWS = 20_000;
// Long enough for the gaps between an import's progress reports on a busy machine (a lease that
// runs out mid-read hands a living job to another worker), short enough for the takeover.
const LEASE_MS = 15_000;
const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;

interface Instance {
  name: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** What it printed (warnings and errors), for a failure's message. */
  output: string;
}

let url: string;
let dbName: string;
let db: Database;
let work: string;
let s3: TestS3Server;
let nginx: ChildProcess;
let balancer: string;
const instances: Instance[] = [];
let mapId: number;
let layerId: number;
let featureId: number;
/** Every status the balancer answered; none may be 5xx. */
const statuses: number[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => existsSync(candidate));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error('this test needs nginx (Debian package nginx; .ci/run installs it)');
}

function startInstance(name: string, port: number, dataDir: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      ...s3.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(work, 'client'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: '0',
      INSTANCE_NAME: name,
      TRUST_PROXY: '127.0.0.1',
      JOB_LEASE_MS: String(LEASE_MS),
      JOB_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, port, dataDir, process: child, output: '' };
  instances.push(instance);
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      instance.output = (instance.output + chunk.toString()).slice(-20_000);
      if (instance.output.includes('is running')) resolve(instance);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`instance ${name} exited (${code}): ${instance.output}`)));
  });
}

async function startNginx(ports: number[]): Promise<void> {
  const prefix = path.join(work, 'nginx');
  await mkdir(prefix, { recursive: true });
  const port = await freePort();
  balancer = `http://127.0.0.1:${port}`;
  // Everything under the temp prefix: no root paths, no daemon, unprivileged where we are.
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream atlasboard {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n    ')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 520m;
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;
    location / {
      proxy_pass http://atlasboard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`;
  await writeFile(path.join(prefix, 'nginx.conf'), config);
  nginx = spawn(
    nginxBinary(),
    ['-p', `${prefix}/`, '-c', `${prefix}/nginx.conf`, '-e', `${prefix}/error.log`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  for (let tries = 0; ; tries += 1) {
    // Anyone may ask who is signed in (401 for nobody): an answer means nginx and an instance are up.
    const ready = await fetch(`${balancer}/api/user`).then(
      (response) => response.status,
      () => 0,
    );
    if (ready === 200 || ready === 401) return;
    if (nginx.exitCode !== null || tries > 600) {
      const log = await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start (last answer ${ready}): ${errors} ${log}`);
    }
    await sleep(50);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser-like caller: keeps cookies and echoes XSRF-TOKEN; `base` is the balancer or one instance. */
class Caller {
  readonly cookies = new Map<string, string>();
  headers: Record<string, string> = {};

  async send(method: string, target: string, body?: unknown, base = balancer): Promise<Response> {
    const headers: Record<string, string> = { ...this.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${target}`, { method, headers, body: payload, redirect: 'manual' });
    if (base === balancer) statuses.push(response.status);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

const printed = () => instances.map((instance) => `--- ${instance.name}:\n${instance.output}`).join('\n');

/** Waits for `done`, failing with what the instances printed when it takes longer than `ms`. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 240_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}\n${printed()}`);
    await sleep(100);
  }
}

const direct = (instance: Instance) => `http://127.0.0.1:${instance.port}`;

async function jobRow(id: string) {
  const [row] = await db.query<{
    status: string;
    progress: number;
    locked_by: string | null;
    attempts: number;
    error: string | null;
  }>('SELECT status, progress, locked_by, attempts, error FROM jobs WHERE id = $1', [id]);
  return row;
}

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('this test needs PostgreSQL: run it with npm run test:server:pg');
  dbName = `atlasboard_nginx_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const target = new URL(base);
  target.pathname = `/${dbName}`;
  url = target.toString();
  db = openPostgres(url);
  await migrate(db);
  work = await mkdtemp(path.join(tmpdir(), 'atlasboard-nginx-'));
  // A built client newer than its sources, so no instance starts a client build.
  await mkdir(path.join(work, 'client'));
  await writeFile(path.join(work, 'client', 'index.html'), '<!doctype html><title>test</title>');
  // A user already exists, so neither instance seeds (they start at the same time).
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, type) VALUES ('Ada', 'ada@example.com', $1, 'admin') RETURNING id`,
    [await hashPassword(PASSWORD)],
  );
  const [map] = await db.query<{ id: number }>(
    `INSERT INTO maps (title, center, zoom, created_by) VALUES ('Town', '[-9.14, 38.72]', 12, $1) RETURNING id`,
    [user?.id],
  );
  const [layer] = await db.query<{ id: number }>(
    `INSERT INTO layers (map_id, name, type, geometry_type, "order", style, properties)
     VALUES ($1, 'Hydrants', 'vector', 'Point', 0, '{}', '[{"name":"code","type":"string"}]') RETURNING id`,
    [map?.id],
  );
  const [feature] = await db.query<{ id: number }>(
    `INSERT INTO features (layer_id, geom, properties)
     VALUES ($1, ST_SetSRID(ST_MakePoint(-9.14, 38.72), 4326), '{"code":"H-1"}') RETURNING id`,
    [layer?.id],
  );
  mapId = map?.id as number;
  layerId = layer?.id as number;
  featureId = feature?.id as number;
  s3 = await startS3Server();
  const ports = [await freePort(), await freePort()];
  await Promise.all(
    ['a', 'b'].map(async (name, n) =>
      startInstance(name, ports[n] as number, await mkdtemp(path.join(work, `data-${name}-`))),
    ),
  );
  await startNginx(ports);
}, 180_000);

afterAll(async () => {
  const alive = (child: ChildProcess | undefined) =>
    child !== undefined && child.exitCode === null && child.signalCode === null;
  const stopping = [...instances.map((instance) => instance.process), nginx].filter(alive);
  for (const child of stopping) child.kill('SIGTERM');
  await Promise.all(stopping.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  await db?.close();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('two instances behind nginx, one PostgreSQL, one bucket', () => {
  const user = new Caller();

  it('signs in once and stays signed in on both', async () => {
    await user.send('GET', '/api/user');
    const signedIn = await user.send('POST', '/login', { email: 'ada@example.com', password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const served = new Set<string>();
    for (let n = 0; n < 10 && served.size < 2; n += 1) {
      const me = await user.send('GET', '/api/user');
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe('ada@example.com');
      served.add(me.headers.get('x-instance') ?? '');
    }
    expect([...served].sort()).toEqual(['a', 'b']);
  });

  it('an attachment uploaded through one instance downloads through both', async () => {
    const csv = Buffer.from(`code,depth\n${randomBytes(100_000).toString('hex')},1\n`);
    const form = new FormData();
    form.append('feature_id', String(featureId));
    form.append('files', new Blob([csv]), 'survey.csv');
    const uploaded = await user.send('POST', '/api/feature-layer/files', form);
    expect(uploaded.status).toBe(201);
    const [file] = ((await uploaded.json()) as { data: { url: string; storage_type: string }[] }).data;
    expect(file?.storage_type).toBe('s3');
    const served = new Set<string>();
    for (let n = 0; n < 10 && served.size < 2; n += 1) {
      const download = await user.send('GET', file?.url ?? '');
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(csv)).toBe(true);
      served.add(download.headers.get('x-instance') ?? '');
    }
    expect([...served].sort()).toEqual(['a', 'b']);
  });

  it('an export made by one instance downloads through both', async () => {
    const started = await user.send('POST', `/api/maps/${mapId}/export-features`, {
      format: 'geojson',
      layer_id: layerId,
    });
    expect(started.status).toBe(201);
    const { data } = (await started.json()) as { data: { id: string; status: string } };
    // Small exports are made during the request, unless another instance's worker claimed the
    // job first: then it is ready a moment later, as a client polling it sees.
    await until(
      async () =>
        ((await (await user.send('GET', `/api/exports/${data.id}`)).json()) as { data: { status: string } })
          .data.status,
      (status) => status === 'ready',
      'the export',
    );
    for (const instance of instances) {
      const download = await user.send('GET', `/api/get-export/${data.id}`, undefined, direct(instance));
      expect(download.status).toBe(200);
      const collection = (await download.json()) as { features: { properties: { code: string } }[] };
      expect(collection.features.map((f) => f.properties.code)).toEqual(['H-1']);
    }
  });

  it('a token revoked through the balancer is refused by both instances', async () => {
    const created = await user.send('POST', '/api/user/tokens', { name: 'script', abilities: ['read'] });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; token: string } };
    const script = new Caller();
    script.headers = { authorization: `Bearer ${data.token}` };
    for (const instance of instances)
      expect((await script.send('GET', '/api/user', undefined, direct(instance))).status).toBe(200);
    expect((await user.send('DELETE', `/api/user/tokens/${data.id}`)).status).toBe(204);
    for (const instance of instances)
      expect((await script.send('GET', '/api/user', undefined, direct(instance))).status).toBe(401);
  });

  it("an edit through one instance changes the other instance's tiles", async () => {
    const [first, second] = instances as [Instance, Instance];
    const tile = `/api/maps/${mapId}/layers/${layerId}/tiles/0/0/0`;
    const before = await user.send('GET', tile, undefined, direct(second));
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag');
    const bytes = Buffer.from(await before.arrayBuffer());
    const edit = await user.send(
      'POST',
      `/api/maps/${mapId}/updateFeatures`,
      {
        features: [
          {
            type: 'Feature',
            id: featureId,
            layer_id: layerId,
            geometry: { type: 'Point', coordinates: [120, -40] },
            properties: { code: 'H-1 moved' },
          },
        ],
      },
      direct(first),
    );
    expect(edit.status).toBe(200);
    const revalidated = await user.send('GET', tile, undefined, direct(second));
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(etag);
    expect(Buffer.from(await revalidated.arrayBuffer()).equals(bytes)).toBe(false);
  });

  it('an import keeps going when the instance running it is killed (SIGKILL): the other finishes it', async () => {
    const rows = ['code,lon,lat,reading'];
    for (let i = 0; i < IMPORT_ROWS; i += 1)
      rows.push(
        `M-${i},${(-9.2 + (i % 200) * 0.0005).toFixed(4)},${(38.7 + Math.floor(i / 200) * 0.0005).toFixed(4)},${i}`,
      );
    const form = new FormData();
    form.append('name', 'Meters');
    form.append('file', new Blob([rows.join('\n')]), 'meters.csv');
    const started = await user.send('POST', `/api/maps/${mapId}/layer-imports`, form);
    expect(started.status).toBe(202);
    const { data } = (await started.json()) as { data: { id: string } };

    const row = await until(
      () => jobRow(data.id),
      (job) =>
        job?.status === 'done' ||
        job?.status === 'failed' ||
        (job?.status === 'running' && job.progress > 0 && job.locked_by !== null),
      'the import, before an instance is killed',
    );
    expect(row?.status, `the import ended before its instance could be killed: ${row?.error}`).toBe(
      'running',
    );
    const holderPid = Number(row?.locked_by?.split('-').at(-2));
    const holder = instances.find((instance) => instance.process.pid === holderPid);
    expect(holder, `no instance has pid ${holderPid}`).toBeDefined();
    const killed = new Promise((resolve) => holder?.process.once('exit', (_code, signal) => resolve(signal)));
    holder?.process.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');

    // Polled through the balancer all along: nginx steps past the dead instance.
    const job = await until(
      async () => {
        const polled = await user.send('GET', `/api/imports/${data.id}`);
        expect(polled.status).toBe(200);
        return ((await polled.json()) as { data: { status: string; features_imported: number | null } }).data;
      },
      (polled) => polled.status === 'ready' || polled.status === 'failed',
      'the import, after its instance was killed',
    );
    expect(job.status).toBe('ready');
    expect(job.features_imported).toBe(IMPORT_ROWS);
    expect((await jobRow(data.id))?.attempts).toBe(2);
    // The upload leaves the bucket once the job is done (just after it shows ready).
    await until(
      async () => (await s3.keys()).filter((key) => key.startsWith('imports/')),
      (left) => left.length === 0,
      'the import upload in the bucket',
      30_000,
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 300_000);
});
