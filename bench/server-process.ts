import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { treeCpuSeconds } from './cpu.ts';
import { MB } from './stats.ts';

export interface ServerOptions {
  projectDir: string;
  dataDir: string;
  clientDir: string;
  port: number;
  adminEmail: string;
  adminPassword: string;
  /** PostgreSQL instead of the embedded database (its processes' memory is not in the samples). */
  databaseUrl?: string | undefined;
  /** Seed the demo town (the hydraulics bench runs on it); off by default. */
  demoSeed?: boolean;
  /** More settings for this instance (several instances: INSTANCE_NAME, TRUST_PROXY, APP_URL). */
  env?: Record<string, string>;
}

/** Resident memory of a process in bytes, from /proc (Linux); undefined once it is gone. */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The real server (`npm start`'s entry point) in its own process group on a fresh data
 * directory, with its resident memory sampled every 50 ms so each phase can report its peak.
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private sampler: NodeJS.Timeout | undefined;
  private peak = 0;
  private output = '';
  readonly origin: string;

  /** The server's process id once started (its CPU time is read from /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  constructor(private readonly options: ServerOptions) {
    this.origin = `http://127.0.0.1:${options.port}`;
  }

  async start(): Promise<void> {
    const { projectDir, dataDir, clientDir, port, adminEmail, adminPassword, databaseUrl } = this.options;
    // One node process (no tsx wrapper process), so /proc shows the server's own memory.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: projectDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        DEMO_SEED: this.options.demoSeed ? '1' : '0',
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...this.options.env,
      },
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 300_000;
    while (!this.output.includes('Atlasboard is running')) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start in 300 s:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.sampler = setInterval(() => {
      const bytes = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (bytes !== undefined) this.peak = Math.max(this.peak, bytes);
    }, 50);
  }

  /**
   * Waits until the server has gone quiet: under a tenth of a core for two seconds in a row,
   * at most `maxMs`. After a start or an import it works in the background (the low-zoom grid,
   * the point indexes of big point layers, read between requests); a load measured meanwhile
   * measures that work too. Returns the seconds waited.
   */
  async settled(maxMs = 300_000): Promise<number> {
    const started = Date.now();
    let quiet = 0;
    let before = treeCpuSeconds(this.pid);
    while (quiet < 4 && Date.now() - started < maxMs) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = treeCpuSeconds(this.pid);
      quiet = now - before < 0.05 ? quiet + 1 : 0;
      before = now;
    }
    return Math.round((Date.now() - started) / 100) / 10;
  }

  /**
   * Starts a new phase: its peak is counted from the memory in use now, which it returns (MB).
   * The RSS never shrinks back after PGlite's WASM heap grew (an import grows it to about a
   * GB), so a phase's own need is its peak minus this start, not the peak.
   */
  resetPeak(): number {
    this.peak = (this.child?.pid === undefined ? undefined : residentBytes(this.child.pid)) ?? 0;
    return this.peak / MB;
  }

  /** The end of what the server wrote (warnings and errors only, at LOG_LEVEL=warn). */
  get log(): string {
    const alive = this.child?.exitCode === null ? '' : `\n(the server exited with ${this.child?.exitCode})`;
    return this.output.slice(-4000) + alive;
  }

  peakMb(): number {
    return this.peak / MB;
  }

  async stop(): Promise<void> {
    if (this.sampler) clearInterval(this.sampler);
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
