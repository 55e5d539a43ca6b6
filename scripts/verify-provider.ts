/**
 * npm run verify:provider -- --base-url <url> --states-url <url> [--pacts <dir or file>]
 *
 * Verifies the pacts in contracts/ against a running server, whatever it is written in, with
 * the stock Pact verifier and nothing of this project in between (no request filter): before
 * each interaction the verifier POSTs `{state, params, action}` to --states-url for each of its
 * provider states and injects the values they answer (session cookie, XSRF token, ids). Prints
 * Pact's summary; exits 0 only when every interaction passes. See docs/contract/README.md.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Verifier } from '@pact-foundation/pact';

process.env.PACT_DO_NOT_TRACK ??= 'true';

const USAGE =
  'usage: npm run verify:provider -- --base-url <url of the server> --states-url <url of its provider-state endpoint> [--pacts <dir or file>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function url(value: string | undefined, option: string): string {
  if (value === undefined) fail(`${option} is required`);
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    fail(`${option} must be an absolute URL, got "${value}"`);
  }
}

function pactFiles(location: string): string[] {
  if (!existsSync(location)) fail(`no pacts at ${location}`);
  if (!statSync(location).isDirectory()) return [location];
  const files = readdirSync(location)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(location, name));
  if (files.length === 0) fail(`no pact files (*.json) in ${location}`);
  return files;
}

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    'states-url': { type: 'string' },
    pacts: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const providerBaseUrl = url(values['base-url'], '--base-url');
const providerStatesSetupUrl = url(values['states-url'], '--states-url');
const pactUrls = pactFiles(path.resolve(values.pacts ?? path.join(import.meta.dirname, '..', 'contracts')));

try {
  await new Verifier({
    provider: 'atlasboard-api',
    providerBaseUrl,
    // The verifier calls this itself for every state of every interaction (setup and teardown).
    providerStatesSetupUrl,
    // `{state, params, action}` as a JSON body, and a teardown call after each interaction.
    providerStatesSetupBody: true,
    providerStatesSetupTeardown: true,
    pactUrls,
    logLevel: 'warn',
    // Per request (state setups included): a busy machine may need more than the default.
    timeout: 30_000,
  }).verifyProvider();
  process.stdout.write('\nverify:provider: every interaction passed\n');
} catch (error) {
  // The verifier has printed its summary and failures; its error repeats all of it as JSON.
  const message = error instanceof Error ? error.message : String(error);
  const failed = [...message.matchAll(/"description":"([^"]+)","duration":"[^"]*","result":"Error"/g)].map(
    (match) => match[1],
  );
  process.stderr.write(
    `\nverify:provider: verification failed${failed.length > 0 ? `: ${failed.join('; ')}` : ` (${message.slice(0, 500)})`}; see the summary above\n`,
  );
  process.exit(1);
}
