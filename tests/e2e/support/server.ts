import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort } from './ports';
import { startProcessGroup } from './process-group';
import { repoRoot, childEnv } from './child-env';
import { waitForHttp } from './wait-for-http';

export type RunningServer = {
  baseUrl: string;
  admin: { name: string; email: string; password: string };
  output: () => string;
  stop: () => Promise<void>;
};

/** A started `npm start`: stopped as Ctrl-C would, or killed when its data dir goes anyway. */
type StartedServer = RunningServer & { kill: () => Promise<void> };

type Admin = RunningServer['admin'];

/**
 * More environment for one file's server, from the address it will answer on (settings such as
 * APP_URL name it). Only for settings that leave the database as the prepared data dir has it.
 */
export type ExtraEnv = (baseUrl: string) => Promise<Record<string, string>>;

/** Under the run's directory: one empty file per server process group still running. */
export const GROUPS_DIR = 'process-groups';

/** First start builds the client (dist/ absent) and creates the embedded PostGIS database. */
const STARTUP_TIMEOUT_MS = 170_000;

/**
 * The product as the README starts it: `npm start` on a data directory of this file's own, the
 * first admin from env (a random password per run, never a fixed one) and mail to `smtpUrl`.
 *
 * Creating the database and seeding the demo town is most of a first start (18 s empty, 35 s
 * seeded on a busy 2-core machine) and gives the same result every time, so it is done once per
 * run and kind (empty or demo-seeded): the first file to ask starts the server on a fresh
 * directory and stops it, and that directory becomes the run's prepared one. Every file then
 * starts on a copy of it, so what one file changes never reaches another, whatever their order.
 */
export async function startServer({
  smtpUrl,
  demoSeed = false,
  extraEnv,
}: {
  smtpUrl: string;
  /** Seed the demo town (the map screens' tests draw it); off by default for an empty start. */
  demoSeed?: boolean;
  extraEnv?: ExtraEnv;
}): Promise<RunningServer> {
  const run = inject('e2eRun');
  // The seed names the first admin 'Admin' (server/src/seed.ts); only email and password come from env.
  const admin: Admin = { name: 'Admin', email: 'e2e-admin@example.com', password: run.adminPassword };
  const prepared = await preparedDataDir(run.root, { smtpUrl, demoSeed, admin });
  // Under the run's directory, so whatever a stopped run leaves behind goes with it.
  const dataDir = await mkdtemp(join(run.root, 'server-'));
  await cp(prepared, dataDir, { recursive: true });
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    const server = await npmStart({ dataDir, smtpUrl, demoSeed, admin, runRoot: run.root, extraEnv });
    return {
      baseUrl: server.baseUrl,
      admin: server.admin,
      output: server.output,
      // The file's copy of the data dir is removed next, so the server need not close it first
      // (a closing server flushes its database: seconds of a file's teardown, for nothing).
      stop: async () => {
        await server.kill();
        await removeDataDir();
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}

/** The run's migrated and seeded data dir of this kind, made by the first file that needs it. */
async function preparedDataDir(
  root: string,
  options: { smtpUrl: string; demoSeed: boolean; admin: Admin },
): Promise<string> {
  const target = join(root, options.demoSeed ? 'data-demo' : 'data-empty');
  if (existsSync(target)) return target;
  const fresh = await mkdtemp(join(root, 'preparing-'));
  try {
    const server = await npmStart({ dataDir: fresh, runRoot: root, ...options });
    // Stopped before copying: the database is closed and on disk, as after any `npm start` ends.
    await server.stop();
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
  try {
    await rename(fresh, target);
  } catch (error) {
    // Another file prepared the same kind meanwhile; theirs serves as well.
    if (!existsSync(target)) throw error;
    await rm(fresh, { recursive: true, force: true });
  }
  return target;
}

/** `npm start` on `dataDir`, ready to answer; stopping it leaves the directory as the server left it. */
async function npmStart(options: Parameters<typeof npmStartOnce>[0]): Promise<StartedServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await npmStartOnce(options);
    } catch (error) {
      // Another server took the port between its pick and this one's listen: again, on another.
      const clash = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!clash || attempt >= 3) throw error;
    }
  }
}

async function npmStartOnce({
  dataDir,
  smtpUrl,
  demoSeed,
  admin,
  runRoot,
  extraEnv,
}: {
  dataDir: string;
  smtpUrl: string;
  demoSeed: boolean;
  admin: Admin;
  runRoot: string;
  extraEnv?: ExtraEnv;
}): Promise<StartedServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const extra = extraEnv ? await extraEnv(baseUrl) : {};
  // The free port is free only until someone binds it: two servers starting at once can be
  // handed the same one, and the later one's check then reached the other (which answered),
  // while it failed to listen itself. Each server names itself, and only its own answer counts.
  const instance = `e2e-${randomUUID()}`;
  const group = startProcessGroup(
    'npm',
    ['start'],
    childEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SMTP_URL: smtpUrl,
      DEMO_SEED: demoSeed ? '1' : '0',
      // The flows register people (the default is closed); registerAccount confirms their address.
      REGISTRATION: 'open',
      INSTANCE_NAME: instance,
      ...extra,
    }),
    repoRoot,
  );
  // Written down for the run's teardown, which ends any group still running (global-setup.ts).
  const groupFile = join(runRoot, GROUPS_DIR, String(group.pid));
  await mkdir(join(runRoot, GROUPS_DIR), { recursive: true });
  await writeFile(groupFile, '');
  const stop = async () => {
    await group.stop();
    await rm(groupFile, { force: true });
  };
  const kill = async () => {
    await group.kill();
    await rm(groupFile, { force: true });
  };
  try {
    // Any 2xx-4xx from the current-user call, from this server, means routes, session and database are up.
    await waitForHttp(
      `${baseUrl}/api/user`,
      (status, headers) => status >= 200 && status < 500 && headers.get('x-instance') === instance,
      group,
      STARTUP_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, admin, output: group.output, stop, kill };
}
