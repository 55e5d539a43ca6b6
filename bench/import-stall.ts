/**
 * How long other requests wait while a big import finishes. Starts the real
 * server on a fresh data directory, imports N random points through the import job, and
 * meanwhile asks `GET <path>` four times a second from another session, recording each
 * answer's status and time. Prints the slowest waits and how many were turned away (503).
 * `/api/user` (the default) is answered from the session cache without the database;
 * `/api/maps` reads the database, so it waits for the import's statements.
 *
 *   npx tsx bench/import-stall.ts --count 300000 [--path /api/maps] [--port 0] [--wait-ms 15000]
 */
import { createServer } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importPoints } from './api-phases.ts';
import { writePointsCsv } from './data-file.ts';
import { ServerProcess } from './server-process.ts';
import { Session } from './session.ts';
import { percentile, round } from './stats.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '300000' },
    port: { type: 'string', default: '0' },
    'wait-ms': { type: 'string', default: '' },
    path: { type: 'string', default: '/api/user' },
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

interface Probe {
  at: number;
  ms: number;
  status: number;
}

async function main(): Promise<void> {
  const count = Number(values.count);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-import-stall-'));
  const clientDir = path.join(workDir, 'client');
  await mkdir(clientDir, { recursive: true });
  // A stand-in client build, newer than the sources, so the server does not build one.
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
  if (values['wait-ms']) process.env.DB_WAIT_TIMEOUT_MS = values['wait-ms'];
  const port = Number(values.port) || (await freePort());
  const server = new ServerProcess({
    projectDir: process.cwd(),
    dataDir: path.join(workDir, 'data'),
    clientDir,
    port,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
  });
  const file = path.join(workDir, 'points.csv');
  await writePointsCsv(file, count);
  await server.start();
  try {
    const importer = new Session(server.origin);
    await importer.signIn(ADMIN.email, ADMIN.password);
    const prober = new Session(server.origin);
    await prober.signIn(ADMIN.email, ADMIN.password);
    const probes: Probe[] = [];
    let importing = true;
    const started = performance.now();
    const probing = (async () => {
      while (importing) {
        const at = performance.now();
        const response = await prober.request('GET', values.path);
        await response.arrayBuffer();
        probes.push({ at: (at - started) / 1000, ms: performance.now() - at, status: response.status });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const result = await importPoints(importer, server, file, count);
    importing = false;
    await probing;
    const times = probes.map((probe) => probe.ms).sort((a, b) => a - b);
    const slowest = [...probes].sort((a, b) => b.ms - a.ms).slice(0, 5);
    process.stdout.write(
      `${JSON.stringify(
        {
          count,
          probePath: values.path,
          importSeconds: result.seconds,
          probes: probes.length,
          turnedAway503: probes.filter((probe) => probe.status === 503).length,
          otherErrors: probes.filter((probe) => probe.status !== 200 && probe.status !== 503).length,
          p50ms: round(percentile(times, 50)),
          p95ms: round(percentile(times, 95)),
          p99ms: round(percentile(times, 99)),
          maxMs: round(times.at(-1) ?? 0),
          slowest: slowest.map((probe) => ({
            atS: round(probe.at),
            ms: round(probe.ms),
            status: probe.status,
          })),
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
