import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { clientBuildNeeded } from '@server/client/client-build';
import { childEnv, repoRoot } from './child-env';
import { signalGroup } from './process-group';
import { GROUPS_DIR } from './server';

/** What every e2e file of one run shares (see server.ts): where the prepared data dirs live, and their admin. */
export type E2eRun = {
  /** A directory of this run only; removed when the run ends. */
  root: string;
  /** The first admin's password, the same in every prepared data dir of the run (random per run). */
  adminPassword: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    e2eRun: E2eRun;
  }
}

/**
 * `npm start` builds a missing or stale client itself, but the files run in two workers whose
 * first servers start together, and two builds into one dist/ would overwrite each other. So the
 * run builds it once, before any file starts, the way `npm start` would.
 */
async function buildClientOnce(): Promise<void> {
  if (!clientBuildNeeded(join(repoRoot, 'dist'), repoRoot)) return;
  const code = await new Promise<number | null>((resolve) => {
    const build = spawn('npm', ['run', '-s', 'build:client'], {
      cwd: repoRoot,
      env: childEnv({}),
      stdio: 'inherit',
    });
    build.once('error', () => resolve(null));
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run build:client failed (exit ${code})`);
}

/**
 * Vitest's globalSetup of the e2e project: builds the client if needed and makes the run's
 * directory. No server is started here, so running one file prepares only the kind of data dir
 * that file asks for.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildClientOnce();
  const root = await mkdtemp(join(tmpdir(), 'atlasboard-e2e-run-'));
  project.provide('e2eRun', { root, adminPassword: `pw-${randomBytes(12).toString('hex')}` });
  return async () => {
    // The server started for a next file that never came (real-server-suite.ts), or one left by a
    // file that failed to stop it: none outlives the run.
    const groups = await readdir(join(root, GROUPS_DIR)).catch(() => []);
    for (const pid of groups) signalGroup(Number(pid), 'SIGKILL');
    await rm(root, { recursive: true, force: true });
  };
}
