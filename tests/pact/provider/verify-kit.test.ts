import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, repoRoot } from '../../e2e/support/child-env';
import { startReferenceServer, type ReferenceServer } from './reference-server';

/**
 * The verification kit as a backend team outside this repository runs it: the reference server
 * started as a process of its own (`npm start` on a fresh data directory, with the demo town,
 * in the provider-state test mode), then `npm run verify:provider` against its URL: the stock
 * Pact verifier, states set up over HTTP, no request filter and nothing of the server's code.
 */
const PACT = path.join(repoRoot, 'contracts', 'atlasboard-web-atlasboard-api.json');
let server: ReferenceServer | undefined;
let baseUrl = '';

beforeAll(async () => {
  server = await startReferenceServer();
  baseUrl = server.baseUrl;
}, 300_000);

afterAll(async () => {
  await server?.stop();
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
