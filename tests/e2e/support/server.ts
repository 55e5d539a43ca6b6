import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** First start builds the client (dist/ absent) and creates the embedded PostGIS database. */
const STARTUP_TIMEOUT_MS = 170_000;

/**
 * The product as the README starts it: `npm start` with a fresh data directory, the first
 * admin from env (a random password per run, never a fixed one) and mail to `smtpUrl`.
 */
export async function startServer({
  smtpUrl,
  demoSeed = false,
}: {
  smtpUrl: string;
  /** Seed the demo town (the map screens' tests draw it); off by default for an empty start. */
  demoSeed?: boolean;
}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'atlasboard-e2e-'));
  // The seed names the first admin 'Admin' (server/src/seed.ts); only email and password come from env.
  const admin = {
    name: 'Admin',
    email: 'e2e-admin@example.com',
    password: `pw-${randomBytes(12).toString('hex')}`,
  };
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
    }),
    repoRoot,
  );
  const stop = async () => {
    await group.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  try {
    // Any 2xx-4xx from the current-user call means routes, session and database are up.
    await waitForHttp(
      `${baseUrl}/api/user`,
      (status) => status >= 200 && status < 500,
      group,
      STARTUP_TIMEOUT_MS,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, admin, output: group.output, stop };
}
