import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { machineBusySeconds, treeCpuSeconds } from './cpu.ts';
import { loadPhases, type LoadPhases, type Target } from './api-phases.ts';
import type { LoadResult } from './load.ts';
import type { Session } from './session.ts';
import { round } from './stats.ts';

/** The page and tile loads measured through nginx in front of one instance and of two. */
export const INSTANCE_PHASES = ['pageDeep', 'pageNext', 'bboxFilter', 'tilesZ12to14'] as const;
export type InstancePhase = (typeof INSTANCE_PHASES)[number];
type PhaseResults = Record<InstancePhase, LoadResult>;

export interface InstancesRound {
  /** nginx in front of the first instance only. */
  one: PhaseResults;
  /** The same nginx in front of both (round-robin). */
  two: PhaseResults;
  /** The 1-minute, 5-minute and 15-minute load averages after each half of the round. */
  loadAverage: { one: number[]; two: number[] };
  /**
   * Cores each part used on average over each half (its loads, their warm-up and waits): CPU
   * seconds over wall seconds, from /proc. `machine` is everything on the machine, other work too.
   */
  cpu: { one: CpuShare; two: CpuShare };
}

export interface CpuShare {
  instanceA: number;
  instanceB: number;
  nginx: number;
  postgres: number;
  /** The load generator (autocannon, in the bench's own process). */
  bench: number;
  machine: number;
}

/** The processes whose CPU is counted: the two instances, nginx and the PostgreSQL server. */
export interface Watched {
  instanceA: number | undefined;
  instanceB: number | undefined;
  nginx: number | undefined;
  postgres: number | undefined;
}

function cpuNow(watched: Watched): CpuShare {
  const bench = process.cpuUsage();
  return {
    instanceA: treeCpuSeconds(watched.instanceA),
    instanceB: treeCpuSeconds(watched.instanceB),
    nginx: treeCpuSeconds(watched.nginx),
    postgres: treeCpuSeconds(watched.postgres),
    bench: (bench.user + bench.system) / 1e6,
    machine: machineBusySeconds(),
  };
}

/** Cores used between two samples `seconds` apart. */
function cpuShare(before: CpuShare, after: CpuShare, seconds: number): CpuShare {
  const share = (key: keyof CpuShare) => round((after[key] - before[key]) / seconds, 2);
  return {
    instanceA: share('instanceA'),
    instanceB: share('instanceB'),
    nginx: share('nginx'),
    postgres: share('postgres'),
    bench: share('bench'),
    machine: share('machine'),
  };
}

export interface InstancesResults {
  n: number;
  date: string;
  machine: string;
  database: string;
  seconds: number;
  /** nginx's worker processes (as Debian's own configuration: one per core). */
  nginxWorkers: string;
  rounds: InstancesRound[];
}

const loadAverage = () => os.loadavg().map((value) => round(value));

function nginxBinary(): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => existsSync(candidate));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error('--instances-load needs nginx (the Debian package nginx)');
}

/**
 * nginx run unprivileged from a temp prefix, in front of the instances on `ports`, with the
 * upstream settings of deploy/nginx/atlasboard.conf (round-robin, keepalive, streamed bodies).
 * `use` rewrites the upstream list and reloads the same nginx (SIGHUP).
 */
export class Balancer {
  private child: ChildProcess | undefined;
  private errors = '';
  readonly origin: string;

  /** nginx's master process (its workers are below it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  constructor(
    private readonly prefix: string,
    private readonly port: number,
    readonly workers = 'auto',
  ) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  private config(ports: number[]): string {
    const prefix = this.prefix;
    return `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes ${this.workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream atlasboard {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n    ')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${this.port};
    client_max_body_size 520m;
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_read_timeout 300s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;
    location / {
      proxy_pass http://atlasboard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  }

  async start(ports: number[]): Promise<void> {
    await mkdir(this.prefix, { recursive: true });
    await writeFile(path.join(this.prefix, 'nginx.conf'), this.config(ports));
    const child = spawn(
      nginxBinary(),
      ['-p', `${this.prefix}/`, '-c', `${this.prefix}/nginx.conf`, '-e', `${this.prefix}/error.log`],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => (this.errors += chunk.toString()));
    for (let tries = 0; ; tries += 1) {
      // Anyone may ask who is signed in (401 for nobody): an answer means nginx and an instance are up.
      const status = await fetch(`${this.origin}/api/user`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200 || status === 401) return;
      if (child.exitCode !== null || tries > 600) throw new Error(`nginx did not start: ${await this.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Points the same nginx at `ports` and waits until it answers from exactly the instances
   * named (the `X-Instance` header), so no answer of the previous setting is counted.
   */
  async use(ports: number[], names: string[]): Promise<void> {
    if (!this.child?.pid) throw new Error('nginx is not running');
    await writeFile(path.join(this.prefix, 'nginx.conf'), this.config(ports));
    this.child.kill('SIGHUP');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const seen = new Set<string>();
      for (let ask = 0; ask < 20; ask += 1) {
        const response = await fetch(`${this.origin}/api/user`);
        await response.arrayBuffer();
        seen.add(response.headers.get('x-instance') ?? '');
      }
      if ([...seen].sort().join() === [...names].sort().join()) return;
      if (Date.now() > deadline)
        throw new Error(`nginx still answers from ${[...seen].join(', ')}, not ${names.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async log(): Promise<string> {
    const file = await readFile(path.join(this.prefix, 'error.log'), 'utf8').catch(() => '');
    return `${this.errors}\n${file}`.trim();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The page, next-link, bbox and tile loads through the same nginx, alternated: in front of the
 * first instance, then of both, `rounds` times, so noise from other work on the machine shows as
 * spread between rounds. The second instance keeps running (idle) while nginx sends it nothing.
 */
export async function instancesRounds(
  session: Session,
  balancer: Balancer,
  target: Target,
  instances: { port: number; name: string }[],
  {
    seconds,
    rounds,
    log,
    watched,
  }: { seconds: number; rounds: number; log: (line: string) => void; watched: Watched },
): Promise<InstancesRound[]> {
  const [first] = instances;
  if (!first || instances.length < 2) throw new Error('two instances are needed');
  const measure = async (label: string) => {
    log(`${label}: page, bbox and tile loads (load average ${loadAverage().join(' ')})`);
    const load = await loadPhases(session, balancer, target, seconds, { only: INSTANCE_PHASES, log });
    for (const name of INSTANCE_PHASES) if (!load[name]) throw new Error(`${label}: ${name} is missing`);
    return load as Pick<LoadPhases, InstancePhase>;
  };
  /** `measure`, with the cores each part used meanwhile. */
  const measured = async (label: string) => {
    const before = cpuNow(watched);
    const started = performance.now();
    const load = await measure(label);
    const cpu = cpuShare(before, cpuNow(watched), (performance.now() - started) / 1000);
    log(`${label}: cores used ${JSON.stringify(cpu)}`);
    return { load, cpu };
  };
  const done: InstancesRound[] = [];
  for (let at = 1; at <= rounds; at += 1) {
    await balancer.use([first.port], [first.name]);
    const one = await measured(`round ${at}, nginx → 1 instance`);
    const afterOne = loadAverage();
    await balancer.use(
      instances.map((instance) => instance.port),
      instances.map((instance) => instance.name),
    );
    const two = await measured(`round ${at}, nginx → ${instances.length} instances`);
    done.push({
      one: one.load,
      two: two.load,
      loadAverage: { one: afterOne, two: loadAverage() },
      cpu: { one: one.cpu, two: two.cpu },
    });
  }
  return done;
}
