import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, repoRoot } from '../../e2e/support/child-env';
import { freePort } from '../../e2e/support/ports';
import { startProcessGroup, type ProcessGroup } from '../../e2e/support/process-group';
import { waitForHttp } from '../../e2e/support/wait-for-http';

/**
 * The verification kit as a backend team outside this repository runs it: the reference server
 * started as a process of its own (`npm start` on a fresh data directory, with the demo town,
 * in the provider-state test mode), then `npm run verify:provider` against its URL: the stock
 * Pact verifier, states set up over HTTP, no request filter and nothing of the server's code.
 */
const PACT = path.join(repoRoot, 'contracts', 'atlasboard-web-atlasboard-api.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-pact-data-'));
// The API is under verification, not the client: a stand-in build keeps `npm start` from
// building the client first (it rebuilds only when dist/ is missing or older than its sources).
const clientDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-pact-client-'));
let server: ProcessGroup | undefined;
let baseUrl = '';

beforeAll(async () => {
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>API only</title>\n');
  const port = await freePort();
  server = startProcessGroup(
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
  baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/api/user`, (status) => status >= 200 && status < 500, server, 290_000);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clientDir, { recursive: true, force: true });
});

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: childEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the contract verification kit', () => {
  it('verifies every interaction in contracts/ against a separately started server', async () => {
    const pact = JSON.parse(readFileSync(PACT, 'utf8')) as { interactions: Array<{ description: string }> };
    expect(pact.interactions.length, 'run the pact-consumer tests first').toBeGreaterThan(0);
    const { code, output } = await run('npm', [
      'run',
      '-s',
      'verify:provider',
      '--',
      '--base-url',
      baseUrl,
      '--states-url',
      `${baseUrl}/_pact/provider-states`,
    ]);
    // Pact's own list of what failed and why, rather than the whole run's output.
    const failures = output.match(/Failures:[\s\S]*?(?=There were|$)/)?.[0] ?? '';
    expect(failures).toBe('');
    expect(code, output.slice(-4_000)).toBe(0);
    expect(output).toContain('every interaction passed');
    // Pact's summary names each interaction it replayed.
    for (const interaction of pact.interactions) expect(output).toContain(interaction.description);
  });

  it('answers an unknown provider state with 400 and what it does not know', async () => {
    const response = await fetch(`${baseUrl}/_pact/provider-states`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'a state nobody implements', params: {}, action: 'setup' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'unknown provider state "a state nobody implements"' });
  });
});
