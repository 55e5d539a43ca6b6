import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
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
 * Vitest's globalSetup of the e2e project: makes the run's directory. Nothing is started here, so
 * running one file prepares only the kind of data dir that file asks for.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
