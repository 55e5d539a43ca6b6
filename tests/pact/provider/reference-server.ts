import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv, repoRoot } from '../../e2e/support/child-env';
import { freePort } from '../../e2e/support/ports';
import { startProcessGroup } from '../../e2e/support/process-group';
import { waitForHttp } from '../../e2e/support/wait-for-http';

export type ReferenceServer = {
  /** Where the API answers, `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** Its provider-state endpoint. */
  statesUrl: string;
  /** Ends the server and removes its data directory. */
  stop: () => Promise<void>;
};

/**
 * The reference server as a backend team outside this repository would run it for the contract
 * kit: `npm start` as a process of its own, on a fresh data directory (with the demo town), in the
 * provider-state test mode, registration open (the registration interactions need it).
 */
export async function startReferenceServer(timeoutMs = 290_000): Promise<ReferenceServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-pact-data-'));
  // The API is under verification, not the client: a stand-in build keeps `npm start` from
  // building the client first (it rebuilds only when dist/ is missing or older than its sources).
  const clientDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-pact-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>API only</title>\n');
  const removeDirs = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  };
  const port = await freePort();
  const server = startProcessGroup(
    'npm',
    ['start'],
    childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PACT_PROVIDER_STATES: '1',
      // The registration interactions need it open (the default is closed).
      REGISTRATION: 'open',
      ADMIN_EMAIL: 'pact-admin@example.com',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      LOG_LEVEL: 'warn',
    }),
    repoRoot,
  );
  const stop = async () => {
    await server.stop();
    removeDirs();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/user`, (status) => status >= 200 && status < 500, server, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, statesUrl: `${baseUrl}/_pact/provider-states`, stop };
}
