import { accessRounds, makeAccessFixture, type AccessFixture, type AccessResults } from './access-load.ts';
import { aggregateRounds, type AggregateResults } from './aggregate-load.ts';
import { Balancer, instancesRounds, type InstancesResults } from './instances-load.ts';
import { postmasterPid, treeCpuSeconds } from './cpu.ts';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import {
  exportLayer,
  importPoints,
  loadPhases,
  lowZoomTiles,
  type ExportResult,
  type LoadPhases,
  type Target,
} from './api-phases.ts';
import { browserPhases, type BrowserResults } from './browser.ts';
import { AREA, writePointsCsv } from './data-file.ts';
import { PeerUnavailable, peerRun } from './peer-run.ts';
import { accessTable, aggregateTable, instancesTable, markdownTable } from './report.ts';
import { saveResults } from './results-file.ts';
import { ServerProcess } from './server-process.ts';
import { Session } from './session.ts';

export interface BenchResults {
  n: number;
  date: string;
  machine: string;
  /** Absent from runs made before `--postgres` existed: those ran on PGlite. */
  database?: string;
  /** The 1-minute load average before and after: other work on the machine skews every timing. */
  loadAverage: [before: number, after: number];
  import: { seconds: number; peakMb: number };
  load: LoadPhases;
  lowZoom: Awaited<ReturnType<typeof lowZoomTiles>>;
  exports: {
    geojson: ExportResult;
    csv: ExportResult;
    /** Absent from runs made before the GeoPackage writer streamed. */
    gpkg?: ExportResult;
  };
  browser: BrowserResults;
}

const projectDir = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '9150' },
    'report-only': { type: 'boolean', default: false },
    // Only the API under load, against a data directory kept between runs (imported once).
    'load-only': { type: 'string' },
    phases: { type: 'string' },
    // The scale path: the server on PostgreSQL (a throwaway cluster from scripts/with-postgres.sh).
    postgres: { type: 'boolean', default: false },
    // `--peer mapserver`: the same loads against MapServer 8 on the same points (bench/peer-run.ts).
    peer: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    // The page and tile loads without and with 1,000 grants and 50 layer rules on the map,
    // alternated `--rounds` times (bench/access-load.ts); with `--load-only <dir>` or on its own.
    'access-load': { type: 'boolean', default: false },
    // The dashboard's aggregations (whole layer, within a box) one at a time, then under load
    // `--rounds` times (bench/aggregate-load.ts); with `--load-only <dir>` or on its own.
    'aggregate-load': { type: 'boolean', default: false },
    // The page, bbox and tile loads through nginx in front of one instance, then of two (same
    // nginx, same PostgreSQL), alternated `--rounds` times (bench/instances-load.ts); --postgres.
    'instances-load': { type: 'boolean', default: false },
    // The import and the three exports alone on a fresh data directory, with the server's CPU
    // seconds beside each (less swayed by other work on the machine than the wall time).
    'import-export': { type: 'boolean', default: false },
  },
});
const n = Number(values.n);
const seconds = Number(values.seconds);
if (!Number.isInteger(n) || n < 1000) throw new Error('--n takes a whole number of at least 1000');
const databaseUrl = values.postgres ? process.env.TEST_DATABASE_URL : undefined;
// Printing a kept run again needs no database.
if (values.postgres && !databaseUrl && !values['report-only'])
  throw new Error(
    '--postgres runs inside scripts/with-postgres.sh: sh scripts/with-postgres.sh npm run bench -- --postgres',
  );
/** Where this run's results go in results.json: by N, and by database when it is not the embedded one. */
const resultsKey = `${n}${values.postgres ? '-postgres' : ''}`;
/** The access comparison's entry beside the full run's. */
const accessKey = `${resultsKey}-access`;
/** The aggregations' entry beside them. */
const aggregateKey = `${resultsKey}-aggregate`;
/** One instance against two behind nginx, beside them. */
const instancesKey = `${resultsKey}-instances`;
if (values['instances-load'] && !values.postgres)
  throw new Error('--instances-load needs --postgres: several instances share one PostgreSQL');
/** With --instances-load: the second instance on the next port, nginx on the one after. */
const port = Number(values.port);
const INSTANCES = [
  { name: 'a', port },
  { name: 'b', port: port + 1 },
];
const balancerPort = port + 2;

const ADMIN = { email: 'bench@atlasboard.test', password: 'bench-password-1234' };

/**
 * The real server on the run's data directory, with no demo content and the bench's admin.
 * With --instances-load, one of the instances behind nginx: each has a data directory of its
 * own (temp files only; the points are in PostgreSQL) and the settings for several instances.
 */
const benchServer = (workDir: string, clientDir: string, instance = INSTANCES[0]!) =>
  new ServerProcess({
    projectDir,
    dataDir: path.join(workDir, instance.name === 'a' ? 'data' : `data-${instance.name}`),
    clientDir,
    port: instance.port,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    databaseUrl,
    env: values['instances-load']
      ? {
          INSTANCE_NAME: instance.name,
          TRUST_PROXY: '127.0.0.1',
          APP_URL: `http://127.0.0.1:${balancerPort}`,
        }
      : {},
  });

const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-bench-'));
  const clientDir = path.join(workDir, 'client');
  log(`working in ${workDir}; building the client`);
  await build({ root: projectDir, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  const csv = path.join(workDir, 'points.csv');
  log(`writing ${n.toLocaleString('en')} random points`);
  await writePointsCsv(csv, n);

  const server = benchServer(workDir, clientDir);
  const geojson = path.join(workDir, 'points.geojson');
  try {
    await server.start();
    const session = new Session(server.origin);
    await session.signIn(ADMIN.email, ADMIN.password);
    log('importing');
    const imported = await importPoints(session, server, csv, n);
    const { target } = imported;
    log(
      `imported in ${imported.seconds} s; the server's background work settled in ${await server.settled()} s`,
    );
    log(`API under load (${seconds} s each)`);
    const load = await loadPhases(session, server, target, seconds, { log });
    if (!isComplete(load)) throw new Error('a load phase is missing');
    log(`under load: ${JSON.stringify(load)}`);
    log('low-zoom tiles');
    const lowZoom = await lowZoomTiles(session, target);
    log(`low-zoom tiles: ${JSON.stringify(lowZoom)}; exports`);
    const exports = {
      geojson: await exportLayer(session, server, target, 'geojson', geojson),
      csv: await exportLayer(session, server, target, 'csv'),
      gpkg: await exportLayer(session, server, target, 'gpkg'),
    };
    log(`exports: ${JSON.stringify(exports)}; browser`);
    const browser = await browserPhases({
      projectDir,
      workDir,
      session,
      credentials: ADMIN,
      target,
      view: { lon: (AREA.minLon + AREA.maxLon) / 2, lat: (AREA.minLat + AREA.maxLat) / 2, zoom: 7 },
      geojsonFile: geojson,
    });
    const results: BenchResults = {
      n,
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      machine: `${os.cpus().length} cores, Node ${process.versions.node}`,
      database: values.postgres ? 'PostgreSQL' : 'PGlite (embedded)',
      loadAverage: [Math.round(loadBefore * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
      import: { seconds: imported.seconds, peakMb: imported.peakMb },
      load,
      lowZoom,
      exports,
      browser,
    };
    process.stdout.write(`\n${markdownTable(results)}\n\n`);
    if (browser.pageErrors.length) process.stdout.write(`Page errors:\n${browser.pageErrors.join('\n')}\n`);
    // One entry per N, so the runs at 100k and 1M sit side by side (memory must not grow with N).
    await saveResults(projectDir, resultsKey, results);
    log(`wrote bench/results.json; screenshots in ${workDir}`);
  } catch (error) {
    process.stderr.write(`Server log:\n${server.log}\n`);
    throw error;
  } finally {
    await server.stop();
    await rm(path.join(workDir, 'data'), { recursive: true, force: true });
    await rm(csv, { force: true });
    await rm(geojson, { force: true });
  }
}

const isComplete = (load: Partial<LoadPhases>): load is LoadPhases =>
  ['pageDeep', 'pageNext', 'search', 'bboxFilter', 'tilesZ12to14'].every((name) => name in load);

/**
 * `--load-only <dir>`: the load phases alone (or those named by `--phases a,b`) against the
 * data kept in <dir>, so a server change is measured in a minute instead of a full run. The
 * points are imported on the first run into <dir>; nothing is written to results.json.
 */
async function loadOnly(workDir: string): Promise<void> {
  const clientDir = path.join(workDir, 'client');
  await mkdir(clientDir, { recursive: true });
  // A fresh placeholder page, so the server does not build the client for an API-only run.
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>API only</title>\n');
  const server = benchServer(workDir, clientDir);
  const targetFile = path.join(workDir, `target-${n}.json`);
  try {
    await server.start();
    const session = new Session(server.origin);
    await session.signIn(ADMIN.email, ADMIN.password);
    let target = JSON.parse(await readFile(targetFile, 'utf8').catch(() => 'null')) as Target | null;
    if (!target) {
      const csv = path.join(workDir, 'points.csv');
      await writePointsCsv(csv, n);
      log('importing');
      const imported = await importPoints(session, server, csv, n);
      log(`imported in ${imported.seconds} s, peak ${imported.peakMb} MB`);
      target = imported.target;
      await writeFile(targetFile, JSON.stringify(target));
      await rm(csv, { force: true });
    }
    log(`the server's background work settled in ${await server.settled()} s`);
    if (values['access-load']) await accessLoad(workDir, session, server, target);
    else if (values['aggregate-load']) await aggregateLoad(session, server, target);
    else if (values['instances-load']) await instancesLoad(workDir, clientDir, server, target);
    else {
      const only = values.phases?.split(',') as (keyof LoadPhases)[] | undefined;
      await loadPhases(session, server, target, seconds, { only, log });
    }
    log(
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } catch (error) {
    process.stderr.write(`Server log:\n${server.log}\n`);
    throw error;
  } finally {
    await server.stop();
  }
}

/**
 * `--access-load`: the accounts, groups and access setting are made once per data directory,
 * then the page and tile loads run without and with them, alternated. The comparison is
 * printed and kept in results.json beside the full run's entry (`<N>-access`).
 */
async function accessLoad(workDir: string, session: Session, server: ServerProcess, target: Target) {
  const fixtureFile = path.join(workDir, `access-${n}.json`);
  let fixture = JSON.parse(await readFile(fixtureFile, 'utf8').catch(() => 'null')) as AccessFixture | null;
  if (!fixture) {
    fixture = await makeAccessFixture(session, target, log);
    await writeFile(fixtureFile, JSON.stringify(fixture));
  }
  const rounds = await accessRounds(session, server, target, fixture, {
    seconds,
    rounds: Number(values.rounds),
    log,
  });
  const results: AccessResults = {
    n,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: `${os.cpus().length} cores, Node ${process.versions.node}`,
    database: values.postgres ? 'PostgreSQL' : 'PGlite (embedded)',
    grants: {
      users: fixture.grants.filter((grant) => grant.user_id).length,
      groups: fixture.grants.filter((grant) => grant.group_id).length,
    },
    layerRules: fixture.layerRules.length,
    seconds,
    rounds,
  };
  process.stdout.write(`\n${accessTable(results)}\n\n`);
  await saveResults(projectDir, accessKey, results);
  log(`wrote bench/results.json (${accessKey})`);
}

/**
 * `--aggregate-load`: the dashboard's whole-layer and boxed aggregations, one at a time on the
 * freshly started server and then under load, kept in results.json as `<N>-aggregate`.
 */
async function aggregateLoad(session: Session, server: ServerProcess, target: Target) {
  const measured = await aggregateRounds(session, server, target, {
    seconds,
    rounds: Number(values.rounds),
    log,
  });
  const results: AggregateResults = {
    n,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: `${os.cpus().length} cores, Node ${process.versions.node}`,
    database: values.postgres ? 'PostgreSQL' : 'PGlite (embedded)',
    seconds,
    ...measured,
  };
  process.stdout.write(`\n${aggregateTable(results)}\n\n`);
  await saveResults(projectDir, aggregateKey, results);
  log(`wrote bench/results.json (${aggregateKey})`);
}

/**
 * `--instances-load`: the second instance started beside the first (same PostgreSQL), nginx in
 * front, then the loads through nginx on one and on two instances, alternated; kept in
 * results.json as `<N>-postgres-instances`.
 */
async function instancesLoad(workDir: string, clientDir: string, first: ServerProcess, target: Target) {
  const second = benchServer(workDir, clientDir, INSTANCES[1]);
  const balancer = new Balancer(path.join(workDir, 'nginx'), balancerPort);
  try {
    await second.start();
    await balancer.start(INSTANCES.map((instance) => instance.port));
    // Signed in through nginx, as a browser would be: the session is in PostgreSQL, read by both.
    const session = new Session(balancer.origin);
    await session.signIn(ADMIN.email, ADMIN.password);
    const postgres = postmasterPid(new URL(databaseUrl ?? '').port);
    if (postgres === undefined) log("PostgreSQL's server process was not found: its CPU reads as 0");
    const rounds = await instancesRounds(session, balancer, target, INSTANCES, {
      seconds,
      rounds: Number(values.rounds),
      log,
      watched: {
        instanceA: first.pid,
        instanceB: second.pid,
        nginx: balancer.pid,
        postgres,
      },
    });
    const results: InstancesResults = {
      n,
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      machine: `${os.cpus().length} cores, Node ${process.versions.node}`,
      database: 'PostgreSQL',
      seconds,
      nginxWorkers: `${balancer.workers} (${os.cpus().length})`,
      rounds,
    };
    process.stdout.write(`\n${instancesTable(results)}\n\n`);
    await saveResults(projectDir, instancesKey, results);
    log(`wrote bench/results.json (${instancesKey})`);
  } catch (error) {
    process.stderr.write(`Second instance's log:\n${second.log}\nnginx:\n${await balancer.log()}\n`);
    throw error;
  } finally {
    await balancer.stop();
    await second.stop();
  }
}

/** `--access-load` or `--aggregate-load` without `--load-only`: on a data directory made for this run. */
async function accessOnFreshData(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-bench-'));
  try {
    await loadOnly(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function reportOnly(): Promise<void> {
  if (values['instances-load']) {
    const all = JSON.parse(await readFile(path.join(projectDir, 'bench/results.json'), 'utf8')) as Record<
      string,
      InstancesResults
    >;
    const results = all[instancesKey];
    if (!results) throw new Error(`bench/results.json has no run ${instancesKey}`);
    process.stdout.write(`${instancesTable(results)}\n`);
    return;
  }
  if (values['aggregate-load']) {
    const all = JSON.parse(await readFile(path.join(projectDir, 'bench/results.json'), 'utf8')) as Record<
      string,
      AggregateResults
    >;
    const results = all[aggregateKey];
    if (!results) throw new Error(`bench/results.json has no run ${aggregateKey}`);
    process.stdout.write(`${aggregateTable(results)}\n`);
    return;
  }
  if (values['access-load']) {
    const all = JSON.parse(await readFile(path.join(projectDir, 'bench/results.json'), 'utf8')) as Record<
      string,
      AccessResults
    >;
    const results = all[accessKey];
    if (!results) throw new Error(`bench/results.json has no run ${accessKey}`);
    process.stdout.write(`${accessTable(results)}\n`);
    return;
  }
  const all = JSON.parse(await readFile(path.join(projectDir, 'bench/results.json'), 'utf8')) as Record<
    string,
    BenchResults
  >;
  const results = all[resultsKey];
  if (!results) throw new Error(`bench/results.json has no run ${resultsKey}`);
  process.stdout.write(`${markdownTable(results)}\n`);
}

/** Waits until the server has used less than a tenth of a CPU second in a second (work after a job ends). */
async function serverIdle(server: ServerProcess): Promise<void> {
  for (let before = treeCpuSeconds(server.pid); ;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuSeconds(server.pid);
    if (now - before < 0.1) return;
    before = now;
  }
}

/** `--import-export`: the import of N points, then the GeoPackage, GeoJSON and CSV exports of them. */
async function importExport(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-bench-'));
  const clientDir = path.join(workDir, 'client');
  await mkdir(clientDir, { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>API only</title>\n');
  const csv = path.join(workDir, 'points.csv');
  await writePointsCsv(csv, n);
  const server = benchServer(workDir, clientDir);
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  try {
    await server.start();
    const session = new Session(server.origin);
    await session.signIn(ADMIN.email, ADMIN.password);
    log(`importing; load average ${load()}`);
    let cpu = treeCpuSeconds(server.pid);
    const imported = await importPoints(session, server, csv, n);
    const importCpu = treeCpuSeconds(server.pid) - cpu;
    log(
      `imported in ${imported.seconds} s (server CPU ${importCpu.toFixed(1)} s), peak ${imported.peakMb} MB`,
    );
    // The statistics and the tile grid are brought up to date after the layer is shown.
    await serverIdle(server);
    for (const format of ['gpkg', 'geojson', 'csv'] as const) {
      cpu = treeCpuSeconds(server.pid);
      const result = await exportLayer(session, server, imported.target, format);
      const used = treeCpuSeconds(server.pid) - cpu;
      log(`${format}: ${JSON.stringify(result)} (server CPU ${used.toFixed(1)} s)`);
    }
    log(`load average ${load()}`);
  } catch (error) {
    process.stderr.write(`Server log:\n${server.log}\n`);
    throw error;
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

(values.peer
  ? peerRun({
      peer: values.peer,
      projectDir,
      n,
      seconds,
      rounds: Number(values.rounds),
      port,
      postgres: values.postgres,
      databaseUrl: process.env.TEST_DATABASE_URL,
      admin: ADMIN,
      log,
    })
  : values['import-export']
    ? importExport()
    : values['report-only']
      ? reportOnly()
      : values['load-only']
        ? loadOnly(path.resolve(values['load-only']))
        : values['access-load'] || values['aggregate-load'] || values['instances-load']
          ? accessOnFreshData()
          : main()
).catch((error: unknown) => {
  if (error instanceof PeerUnavailable) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
