import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importPoints } from './api-phases.ts';
import { writePointsCsv } from './data-file.ts';
import { libpqConnection } from './mapserver-config.ts';
import { findMapServer, MapServerPeer } from './mapserver-peer.ts';
import { makeAccessFixture, setAccess } from './access-load.ts';
import { checkSameAnswers } from './peer-check.ts';
import { copyLayerToPostgres, PEER_COPY_TABLE } from './peer-copy.ts';
import { peerPhases } from './peer-phases.ts';
import { peerTable, type PeerResults } from './peer-report.ts';
import { saveResults } from './results-file.ts';
import { ServerProcess } from './server-process.ts';
import { Session } from './session.ts';

export interface PeerRunOptions {
  peer: string;
  projectDir: string;
  n: number;
  seconds: number;
  rounds: number;
  port: number;
  /** Set when our server runs on PostgreSQL (`--postgres`); MapServer then reads our own table. */
  postgres: boolean;
  /** The throwaway cluster of scripts/with-postgres.sh: MapServer's database in either mode. */
  databaseUrl: string | undefined;
  admin: { email: string; password: string };
  log: (line: string) => void;
}

/** A reason the peer run cannot start (nothing to install or run it with): said without a stack. */
export class PeerUnavailable extends Error {}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * `--peer mapserver`: our server and MapServer 8 serving the same points from PostgreSQL, the
 * same loads against both in alternating rounds, each figure beside MapServer's with the ratio.
 * Says why and fails (exit 1) when MapServer or PostgreSQL is missing, before doing anything.
 */
export async function peerRun(options: PeerRunOptions): Promise<void> {
  const { n, log } = options;
  if (options.peer !== 'mapserver')
    throw new PeerUnavailable(`--peer knows only "mapserver", not "${options.peer}"`);
  const tools = findMapServer();
  if (typeof tools === 'string') throw new PeerUnavailable(tools);
  if (!options.databaseUrl)
    throw new PeerUnavailable(
      '--peer mapserver serves the points from PostgreSQL: run it inside scripts/with-postgres.sh, e.g. ' +
        'sh scripts/with-postgres.sh npm run bench -- --peer mapserver --n 100000 [--postgres]',
    );
  const loadBefore = os.loadavg()[0] ?? 0;
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-peer-'));
  const clientDir = path.join(workDir, 'client');
  await mkdir(clientDir, { recursive: true });
  // A placeholder page, so the server does not build the client for an API-only run.
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>API only</title>\n');
  const server = new ServerProcess({
    projectDir: options.projectDir,
    dataDir: path.join(workDir, 'data'),
    clientDir,
    port: options.port,
    adminEmail: options.admin.email,
    adminPassword: options.admin.password,
    databaseUrl: options.postgres ? options.databaseUrl : undefined,
  });
  const peer = new MapServerPeer(tools, await freePort());
  try {
    await server.start();
    const session = new Session(server.origin);
    await session.signIn(options.admin.email, options.admin.password);
    const csv = path.join(workDir, 'points.csv');
    await writePointsCsv(csv, n);
    log(`importing ${n.toLocaleString('en')} points`);
    const { target } = await importPoints(session, server, csv, n);
    await rm(csv, { force: true });
    let table = 'features';
    if (!options.postgres) {
      log('copying the points to PostgreSQL for MapServer (it cannot read the embedded database)');
      await copyLayerToPostgres(session, target, options.databaseUrl);
      table = PEER_COPY_TABLE;
    }
    log(`starting MapServer ${tools.version} (4 FastCGI processes) on ${peer.origin}`);
    await peer.start({ connection: libpqConnection(options.databaseUrl), table, layerId: target.layerId });
    // Our side reads as a plain account that reaches the map through one of its groups, with
    // the map's 1,000 grants and 50 layer rules in force, so checking them is in the figures.
    log('giving the map 1,000 grants and 50 layer rules; reading as an account in one of its groups');
    const fixture = await makeAccessFixture(session, target, log);
    await setAccess(session, target, fixture);
    log(`our server's background work settled in ${await server.settled()} s`);
    const reader = new Session(server.origin);
    await reader.signIn(fixture.reader.email, fixture.reader.password);
    const { sameOrder } = await checkSameAnswers(reader, peer, target);
    log(
      sameOrder
        ? 'both servers give the same points; under load'
        : "both servers give the same points in a box; MapServer's offset pages follow the table's physical order, not the ids; under load",
    );
    const loads = await peerPhases(reader, server.origin, peer, target, {
      seconds: options.seconds,
      rounds: options.rounds,
      log,
    });
    const results: PeerResults = {
      peer: `MapServer ${tools.version} (spawn-fcgi ×4 + lighttpd)`,
      n,
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      machine: `${os.cpus().length} cores, Node ${process.versions.node}`,
      database: options.postgres ? 'PostgreSQL' : 'PGlite (embedded); MapServer on a PostgreSQL copy',
      access: 'ours read by an account through a group, the map with 1,000 grants and 50 layer rules',
      loadAverage: [Math.round(loadBefore * 10) / 10, Math.round((os.loadavg()[0] ?? 0) * 10) / 10],
      rounds: options.rounds,
      secondsPerRun: options.seconds,
      pagesInIdOrder: sameOrder,
      loads,
    };
    process.stdout.write(`\n${peerTable(results)}\n\n`);
    const key = `peer-mapserver-${n}${options.postgres ? '-postgres' : ''}`;
    await saveResults(options.projectDir, key, results);
    log(`wrote bench/results.json (${key})`);
  } catch (error) {
    process.stderr.write(`Server log:\n${server.log}\nMapServer log:\n${peer.log}\n`);
    throw error;
  } finally {
    await peer.stop();
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
