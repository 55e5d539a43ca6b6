import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  lighttpdConf,
  mapfile,
  mapserverConf,
  PEER_LAYER,
  PEER_MAP,
  type PeerSource,
} from './mapserver-config.ts';

/** Debian's packages (bookworm-backports for 8.4): docs/performance.md#mapserver has the lines. */
export const INSTALL_HINT =
  'apt-get install -t bookworm-backports cgi-mapserver mapserver-bin && apt-get install spawn-fcgi lighttpd';

/** Where the tools are looked for: PATH, then sbin (lighttpd) and cgi-bin (Debian's mapserv). */
const defaultDirs = () => [
  ...(process.env.PATH ?? '').split(path.delimiter),
  '/usr/sbin',
  '/sbin',
  '/usr/lib/cgi-bin',
];

/** The first executable of that name in `dirs`. */
function executable(name: string, dirs: readonly string[]): string | undefined {
  for (const dir of dirs.filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here; try the next directory
    }
  }
  return undefined;
}

export interface MapServerTools {
  mapserv: string;
  spawnFcgi: string;
  lighttpd: string;
  version: string;
}

/**
 * MapServer, spawn-fcgi and lighttpd, or why the peer cannot run. MapServer must be at least
 * 8.0.1 (8.0.0 ignores `offset` on PostGIS layers, so its pages would all be the first one)
 * and built with the OGC API server and FastCGI.
 */
export function findMapServer(dirs: readonly string[] = defaultDirs()): MapServerTools | string {
  const mapserv = executable('mapserv', dirs);
  const spawnFcgi = executable('spawn-fcgi', dirs);
  const lighttpd = executable('lighttpd', dirs);
  const missing = [!mapserv && 'mapserv', !spawnFcgi && 'spawn-fcgi', !lighttpd && 'lighttpd'].filter(
    Boolean,
  );
  if (!mapserv || !spawnFcgi || !lighttpd)
    return `--peer mapserver needs ${missing.join(', ')}, not found on this machine. Install: ${INSTALL_HINT}`;
  const about = spawnSync(mapserv, ['-v'], { encoding: 'utf8' }).stdout ?? '';
  const [, major = '0', minor = '0', patch = '0'] =
    /MapServer version (\d+)\.(\d+)\.?(\d+)?/.exec(about) ?? [];
  const version = `${major}.${minor}.${patch}`;
  const tooOld = Number(major) < 8 || (Number(major) === 8 && Number(minor) === 0 && Number(patch) < 1);
  if (tooOld)
    return `--peer mapserver needs MapServer 8.0.1 or later (found ${version}: 8.0.0 ignores offset on PostGIS layers). Install: ${INSTALL_HINT}`;
  for (const feature of ['SUPPORTS=OGCAPI_SERVER', 'SUPPORTS=FASTCGI', 'INPUT=POSTGIS', 'SUPPORTS=PBF'])
    if (!about.includes(feature)) return `--peer mapserver: this mapserv lacks ${feature} (mapserv -v)`;
  return { mapserv, spawnFcgi, lighttpd, version };
}

/**
 * MapServer under FastCGI as a production site runs it: spawn-fcgi starts `processes` mapserv
 * processes on a Unix socket, lighttpd answers HTTP on a loopback port and hands requests to
 * them. Everything lives in a temp directory removed by stop().
 */
export class MapServerPeer {
  private dir = '';
  private lighttpd: ChildProcess | undefined;
  private fcgiPids: number[] = [];
  private output = '';
  readonly origin: string;

  constructor(
    private readonly tools: MapServerTools,
    private readonly port: number,
    private readonly processes = 4,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  /** The OGC API items URL path of the points. */
  get itemsPath(): string {
    return `/mapserv/${PEER_MAP}/ogcapi/collections/${PEER_LAYER}/items`;
  }

  /** Tile mode with the MVT output format, in the XYZ scheme our tiles use. */
  tilePath(z: number, x: number, y: number): string {
    return `/mapserv?map=${PEER_MAP}&mode=tile&tilemode=gmap&tile=${x}+${y}+${z}&layers=${PEER_LAYER}&map.imagetype=mvt`;
  }

  async start(source: PeerSource): Promise<void> {
    this.dir = await mkdtemp(path.join(os.tmpdir(), 'atlasboard-mapserver-'));
    const mapPath = path.join(this.dir, 'peer.map');
    const confPath = path.join(this.dir, 'mapserver.conf');
    const socket = path.join(this.dir, 'mapserv.sock');
    const pidFile = path.join(this.dir, 'fcgi.pid');
    await writeFile(mapPath, mapfile(source, `${this.origin}/mapserv/${PEER_MAP}/ogcapi`));
    await writeFile(confPath, mapserverConf(mapPath));
    await writeFile(path.join(this.dir, 'lighttpd.conf'), lighttpdConf(this.dir, this.port, socket));
    const spawned = spawnSync(
      this.tools.spawnFcgi,
      ['-s', socket, '-F', String(this.processes), '-P', pidFile, '--', this.tools.mapserv],
      { encoding: 'utf8', env: { ...process.env, MAPSERVER_CONFIG_FILE: confPath } },
    );
    this.fcgiPids = (await readFile(pidFile, 'utf8').catch(() => ''))
      .split('\n')
      .map(Number)
      .filter((pid) => Number.isInteger(pid) && pid > 0);
    if (spawned.status !== 0 || this.fcgiPids.length !== this.processes)
      throw new Error(`spawn-fcgi failed: ${spawned.stderr}${spawned.stdout}`);
    const child = spawn(this.tools.lighttpd, ['-D', '-f', path.join(this.dir, 'lighttpd.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.lighttpd = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await this.answering();
  }

  /** Waits (at most 20 s) for a first page of items through lighttpd and FastCGI. */
  private async answering(): Promise<void> {
    const deadline = Date.now() + 20_000;
    let last = '';
    while (Date.now() < deadline) {
      if (this.lighttpd?.exitCode !== null) throw new Error(`lighttpd exited:\n${this.output}`);
      try {
        const response = await fetch(`${this.origin}${this.itemsPath}?f=json&limit=1`);
        last = `${response.status} ${(await response.text()).slice(0, 300)}`;
        if (response.ok) return;
      } catch (error) {
        last = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`MapServer did not answer in 20 s: ${last}\n${this.output}`);
  }

  get log(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    const child = this.lighttpd;
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // spawn-fcgi's children were detached from us: end exactly the ones its pid file names.
    // mapserv only notes SIGTERM and waits for one more request, so SIGKILL follows it.
    const signal = (name: NodeJS.Signals) => {
      for (const pid of this.fcgiPids)
        try {
          process.kill(pid, name);
        } catch {
          // already gone
        }
    };
    signal('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    signal('SIGKILL');
    this.fcgiPids = [];
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
