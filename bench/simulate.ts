import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ServerProcess } from './server-process.ts';
import { Session } from './session.ts';
import { percentile } from './stats.ts';

/**
 * The hydraulic simulation of the demo town (about 3,400 pipes, goal ≤ 1 s) timed
 * end to end over HTTP on a fresh server: the first request (which builds the graph and the
 * model), then warm requests (graph and model cached, one EPANET run each), and fire flows at
 * a few hydrants. `npx tsx bench/simulate.ts [--runs 20] [--port 9160] [--settle 0]`; results go to
 * bench/results.json under "simulate".
 */
const projectDir = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    port: { type: 'string', default: '9160' },
    // Seconds to wait after the server is up before the first simulation: 0 measures a request
    // racing the start-up warm-up; a few seconds, a user who opens the map first.
    settle: { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const ADMIN = { email: 'bench@atlasboard.test', password: 'bench-password-1234' };
const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await run();
  return [value, performance.now() - start];
}

interface Simulation {
  nodes: { feature_ids: number[] }[];
  pipes: unknown[];
  min_pressure_m: number;
  max_pressure_m: number;
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'ab-simulate-'));
const clientDir = path.join(workDir, 'client');
await mkdir(clientDir);
// A stub client: the bench calls the API only, and a built index.html newer than the sources
// keeps the server from building the real one.
await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
const server = new ServerProcess({
  projectDir,
  dataDir: path.join(workDir, 'data'),
  clientDir,
  port: Number(values.port),
  adminEmail: ADMIN.email,
  adminPassword: ADMIN.password,
  demoSeed: true,
});
try {
  log('starting the server with the demo town');
  await server.start();
  const session = new Session(server.origin);
  await session.signIn(ADMIN.email, ADMIN.password);
  const maps = await session.json<{ data: { id: number; title: string }[] }>('GET', '/api/maps');
  const map = maps.data.find((candidate) => candidate.title.startsWith('Demo town'));
  if (!map) throw new Error('no demo map');
  const url = `/api/maps/${map.id}/water-network`;
  const config = await session.json<{ data: { node_layer_ids: number[] } }>('GET', url);
  const hydrantLayer = config.data.node_layer_ids[0];
  const hydrants = await session.json<{ data: { id: number }[] }>(
    'GET',
    `/api/maps/${map.id}/layers/${hydrantLayer}/features?per_page=5`,
  );

  /**
   * GET /api/maps over and over while `work` runs: how long the longest of those cheap requests
   * took shows whether the HTTP thread kept answering (EPANET on the worker) or stalled.
   */
  async function probed<T>(work: () => Promise<T>): Promise<[T, number, { count: number; maxMs: number }]> {
    let running = true;
    const probes: number[] = [];
    const probing = (async () => {
      // Bounded: a probe at most every few ms, and never past the work itself.
      while (running && probes.length < 10_000) {
        probes.push((await timed(() => session.json('GET', '/api/maps')))[1]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const [value, ms] = await timed(work);
    running = false;
    await probing;
    return [value, ms, { count: probes.length, maxMs: Math.round(Math.max(0, ...probes)) }];
  }

  await new Promise((resolve) => setTimeout(resolve, Number(values.settle) * 1000));
  const [first, coldMs, firstProbe] = await probed(() =>
    session.json<{ data: Simulation }>('POST', `${url}/simulate`),
  );
  log(
    `GET /api/maps during the first simulate: ${firstProbe.count} answered, longest ${firstProbe.maxMs} ms`,
  );
  log(
    `first simulate ${coldMs.toFixed(0)} ms (${first.data.pipes.length} pipes, ${first.data.nodes.length} nodes)`,
  );
  const warm: number[] = [];
  for (let run = 0; run < runs; run += 1)
    warm.push((await timed(() => session.json('POST', `${url}/simulate`)))[1]);
  const [, , warmProbe] = await probed(async () => {
    for (let run = 0; run < 5; run += 1) await session.json('POST', `${url}/simulate`);
  });
  log(`GET /api/maps during 5 warm simulates: ${warmProbe.count} answered, longest ${warmProbe.maxMs} ms`);
  const fire: { id: number; ms: number; flow: number }[] = [];
  for (const hydrant of hydrants.data) {
    const [answer, ms] = await timed(() =>
      session.json<{ data: { flow_lps: number } }>('POST', `${url}/fire-flow`, { hydrant_id: hydrant.id }),
    );
    fire.push({ id: hydrant.id, ms, flow: answer.data.flow_lps });
  }
  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    loadAverage: os.loadavg()[0],
    pipes: first.data.pipes.length,
    nodes: first.data.nodes.length,
    pressureM: [first.data.min_pressure_m, first.data.max_pressure_m],
    settleS: Number(values.settle),
    firstMs: Math.round(coldMs),
    warmP50Ms: Math.round(percentile(warm, 50)),
    warmP95Ms: Math.round(percentile(warm, 95)),
    mapsDuringFirst: firstProbe,
    mapsDuringWarm: warmProbe,
    fireFlow: fire.map((entry) => ({ hydrant: entry.id, ms: Math.round(entry.ms), lps: entry.flow })),
  };
  console.log(JSON.stringify(results, null, 2));
  const file = path.join(projectDir, 'bench/results.json');
  const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, `${JSON.stringify({ ...stored, simulate: results }, null, 2)}\n`);
} finally {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}
