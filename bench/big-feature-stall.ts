/**
 * What features at the size limits do to other clients. Starts the real server on a fresh data
 * directory and, while another session asks `GET <probe>` four times a second, times:
 *  - importing a line of a million vertices (refused: the row is skipped with a warning);
 *  - importing `--features` lines of `--vertices` vertices (just under FEATURE_MAX_VERTICES);
 *  - reading them back: every page of the features list (following `next`), `include_data`,
 *    the history of one made and moved through the API, and every page of OGC API items.
 * Each phase prints its time, its answers and the probe's slowest wait meanwhile (and any 503).
 * Server settings (FEATURE_MAX_*, ANSWER_MAX_BYTES, DB_WAIT_TIMEOUT_MS…) come from the
 * environment, which the server process inherits.
 *
 *   npx tsx bench/big-feature-stall.ts [--features 6] [--vertices 99999] [--probe /api/maps] [--million 1]
 */
import { createServer } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ServerProcess } from './server-process.ts';
import { Session } from './session.ts';
import { round } from './stats.ts';

const { values } = parseArgs({
  options: {
    features: { type: 'string', default: '6' },
    vertices: { type: 'string', default: '99999' },
    probe: { type: 'string', default: '/api/maps' },
    million: { type: 'string', default: '1' },
    port: { type: 'string', default: '0' },
  },
});
const ADMIN = { email: 'bench@atlasboard.test', password: 'bench-password-1234' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A wandering line near Lisbon with full-precision coordinates (what GPS tracks look like). */
function line(vertices: number): object {
  let lon = -9.2;
  let lat = 38.7;
  const coordinates: number[][] = [];
  for (let i = 0; i < vertices; i += 1) {
    lon += (Math.random() - 0.5) / 1000;
    lat += (Math.random() - 0.5) / 1000;
    coordinates.push([lon, lat]);
  }
  return { type: 'LineString', coordinates };
}

async function writeLines(file: string, count: number, vertices: number): Promise<void> {
  const features = Array.from({ length: count }, (_, i) => ({
    type: 'Feature',
    geometry: line(vertices),
    properties: { name: `Track ${i + 1}` },
  }));
  await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features }));
}

/** Probes `path` until stopped; the slowest wait and the 503s of what ran meanwhile. */
function probing(session: Session, probePath: string) {
  const waits: { ms: number; status: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const at = performance.now();
      try {
        const response = await session.request('GET', probePath);
        await response.arrayBuffer();
        waits.push({ ms: performance.now() - at, status: response.status });
      } catch {
        waits.push({ ms: performance.now() - at, status: 0 });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return async () => {
    running = false;
    await done;
    const times = waits.map((wait) => wait.ms);
    return {
      probes: waits.length,
      probeMaxMs: round(Math.max(0, ...times)),
      turnedAway503: waits.filter((wait) => wait.status === 503).length,
      otherErrors: waits.filter((wait) => wait.status !== 200 && wait.status !== 503).length,
    };
  };
}

async function phase<T>(
  name: string,
  prober: Session,
  work: () => Promise<T>,
): Promise<Record<string, unknown>> {
  const stop = probing(prober, values.probe);
  const started = performance.now();
  const result = await work();
  const seconds = round((performance.now() - started) / 1000, 2);
  const probes = await stop();
  const row = { phase: name, seconds, ...probes, result };
  process.stdout.write(`${JSON.stringify(row)}\n`);
  return row;
}

async function importFile(session: Session, mapId: number, file: string, name: string) {
  const form = new FormData();
  form.set('file', await openAsBlob(file, { type: 'application/geo+json' }), `${name}.geojson`);
  form.set('name', name);
  const queued = await session.json<{ data: { id: string } }>(
    'POST',
    `/api/maps/${mapId}/layer-imports`,
    form,
  );
  for (;;) {
    const response = await session.request('GET', `/api/imports/${queued.data.id}`);
    if (response.status === 200) {
      const job = ((await response.json()) as { data: Record<string, unknown> }).data;
      if (job.status === 'ready' || job.status === 'failed') return job;
    } else await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Follows `next` links from `url`; how many requests, features and bytes, and the slowest request. */
async function followPages(session: Session, first: string, next: (body: never) => string | undefined) {
  let url: string | undefined = first;
  let requests = 0;
  let features = 0;
  let bytes = 0;
  let slowestMs = 0;
  while (url !== undefined && requests < 1000) {
    const at = performance.now();
    const response = await session.request('GET', url.replace(/^https?:\/\/[^/]+/, ''));
    const text = await response.text();
    slowestMs = Math.max(slowestMs, performance.now() - at);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as never as { data?: unknown[]; features?: unknown[] };
    features += (body.data ?? body.features ?? []).length;
    bytes += text.length;
    requests += 1;
    url = next(body as never);
  }
  return { requests, features, megabytes: round(bytes / 1024 / 1024, 2), slowestRequestMs: round(slowestMs) };
}

async function main(): Promise<void> {
  const count = Number(values.features);
  const vertices = Number(values.vertices);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-big-feature-'));
  const clientDir = path.join(workDir, 'client');
  await mkdir(clientDir, { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
  const server = new ServerProcess({
    projectDir: process.cwd(),
    dataDir: path.join(workDir, 'data'),
    clientDir,
    port: Number(values.port) || (await freePort()),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
  });
  // A feature at the vertex limit is more than the default 1 MB body: the history phase sends two.
  process.env.BODY_LIMIT ??= String(16 * 1024 * 1024);
  const bigFile = path.join(workDir, 'lines.geojson');
  await writeLines(bigFile, count, vertices);
  await server.start();
  try {
    const session = new Session(server.origin);
    await session.signIn(ADMIN.email, ADMIN.password);
    const prober = new Session(server.origin);
    await prober.signIn(ADMIN.email, ADMIN.password);
    const map = await session.json<{ data: { id: number } }>('POST', '/api/maps', {
      title: 'Big features',
      center: [-9.2, 38.7],
      zoom: 10,
    });
    const mapId = map.data.id;

    if (values.million !== '0') {
      const millionFile = path.join(workDir, 'million.geojson');
      await writeLines(millionFile, 1, 1_000_000);
      await phase('import a 1,000,000-vertex line (refused)', prober, async () => {
        const job = await importFile(session, mapId, millionFile, 'million');
        return { status: job.status, error: job.error, meta: job.meta ?? job.warnings };
      });
    }

    let layerId = 0;
    await phase(`import ${count} lines of ${vertices} vertices`, prober, async () => {
      const job = await importFile(session, mapId, bigFile, 'tracks');
      layerId = Number(job.layer_id);
      return { status: job.status, error: job.error };
    });
    if (!layerId) throw new Error('the import made no layer');
    const layerUrl = `/api/maps/${mapId}/layers/${layerId}`;
    await phase('features pages (per_page=15, following next)', prober, () =>
      followPages(
        session,
        `${layerUrl}/features?per_page=15`,
        (body: { links: { next: string | null } }) => body.links.next ?? undefined,
      ),
    );
    await phase('include_data', prober, async () => {
      const at = performance.now();
      const response = await session.request('GET', `${layerUrl}?include_data=true`);
      const text = await response.text();
      const body = JSON.parse(text) as {
        data: { features: { features: unknown[] }; features_truncated: boolean };
      };
      return {
        status: response.status,
        features: body.data.features.features.length,
        truncated: body.data.features_truncated,
        megabytes: round(text.length / 1024 / 1024, 2),
        ms: round(performance.now() - at),
      };
    });
    // Imports write no history: a feature made and then moved through the API has two entries.
    const made = await session.json<{ data: { id: number } }>('POST', `${layerUrl}/features`, {
      type: 'Feature',
      geometry: line(vertices),
      properties: { name: 'Drawn' },
    });
    await session.json('POST', `/api/maps/${mapId}/updateFeatures`, {
      features: [{ type: 'Feature', id: made.data.id, layer_id: layerId, geometry: line(vertices) }],
    });
    // Pages follow `meta.next_before`; geometries come as their type unless include_geometry asks.
    const historyUrl = `/api/maps/${mapId}/features/${made.data.id}/history`;
    const historyNext = (body: { meta: { next_before: number | null } }) =>
      body.meta.next_before === null ? undefined : `${historyUrl}?before=${body.meta.next_before}`;
    await phase('history of one feature (created, then moved)', prober, () =>
      followPages(session, historyUrl, historyNext),
    );
    await phase('history with include_geometry', prober, () =>
      followPages(
        session,
        `${historyUrl}?include_geometry=true`,
        (body: { meta: { next_before: number | null } }) =>
          body.meta.next_before === null
            ? undefined
            : `${historyUrl}?include_geometry=true&before=${body.meta.next_before}`,
      ),
    );
    await phase('OGC items (limit=100, following next)', prober, () =>
      followPages(
        session,
        `/ogc/maps/${mapId}/collections/${layerId}/items?limit=100`,
        (body: { links: { rel: string; href: string }[] }) =>
          body.links.find((link) => link.rel === 'next')?.href,
      ),
    );
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
