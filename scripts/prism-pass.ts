/**
 * npm run prism:pass
 *
 * Replays every interaction of contracts/ through Prism (`@stoplight/prism-cli` 5, fetched on
 * demand with `npx --yes`, not a dependency of the project) as a validating proxy in front of the
 * reference server, and reports every response of the server that the OpenAPI document does not
 * describe. The chain:
 *
 *   stock Pact verifier → relay → Prism proxy → reference server (`npm start`, test mode)
 *
 * The verifier posts its provider states straight to the server. Prism runs without `--errors`,
 * so every request reaches the server and Prism only reports what it finds, in an `sl-violations`
 * response header (one JSON list per response, request and response violations alike). The
 * relay (tests/pact/provider/prism-relay.ts) reads that header per request, which ties each
 * violation to its method and path. Request violations are expected (the contracts send
 * deliberately bad requests to see the server refuse them) and only counted; response violations
 * are listed by operation and make the run exit 1.
 * See docs/contract/README.md.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { childEnv, repoRoot } from '../tests/e2e/support/child-env';
import { freePort } from '../tests/e2e/support/ports';
import { startProcessGroup, type ProcessGroup } from '../tests/e2e/support/process-group';
import { waitForHttp } from '../tests/e2e/support/wait-for-http';
import { startRelay, type Exchange, type Relay, type Violation } from '../tests/pact/provider/prism-relay';
import { startReferenceServer, type ReferenceServer } from '../tests/pact/provider/reference-server';

const PRISM = '@stoplight/prism-cli@5';
const DOCUMENT = path.join(repoRoot, 'generated', 'openapi.json');

// ── Operations of the document, to name each request by its operationId ──────────────────────

type Operation = { id: string; method: string; pattern: RegExp; literalSegments: number };

function documentOperations(): Operation[] {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const segments = template.split('/');
    const pattern = new RegExp(
      `^${segments.map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
    );
    const literalSegments = segments.filter((segment) => !segment.startsWith('{')).length;
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !('operationId' in operation)) continue;
      operations.push({
        id: operation.operationId ?? `${method} ${template}`,
        method,
        pattern,
        literalSegments,
      });
    }
  }
  // `/api/maps/export` before `/api/maps/{id}`: the most literal template wins.
  return operations.sort((a, b) => b.literalSegments - a.literalSegments);
}

function operationOf(operations: Operation[], exchange: Exchange): string {
  const pathname = exchange.path.split('?')[0] ?? exchange.path;
  const method = exchange.method.toLowerCase();
  return (
    operations.find((operation) => operation.method === method && operation.pattern.test(pathname))?.id ??
    `${exchange.method} ${pathname} (not in the document)`
  );
}

// ── Prism's known faults on responses ─────────────────────────────────────────────────────────

/**
 * Why a response violation is Prism's own doing rather than the server's or the document's, or
 * undefined. Such violations are listed apart and do not fail the run.
 */
function knownPrismFault(violation: Violation, operation: string, binaryOperations: Set<string>) {
  const [where, part, name] = violation.location;
  if (where !== 'response') return undefined;
  // Prism joins two Set-Cookie headers of one response (session and XSRF cookies) into one
  // comma-separated value, which no longer matches the document's description of either.
  if (part === 'header' && name?.toLowerCase() === 'set-cookie') return 'Prism merges Set-Cookie headers';
  // Prism decodes a binary body (a vector tile, a file download) as text and validates what it
  // re-encoded, not the bytes the server sent.
  if (part === 'body' && binaryOperations.has(operation)) return 'Prism re-encodes binary bodies';
  return undefined;
}

/** Operations whose successful answer is not JSON or text (tiles, downloads). */
function binaryOperationIds(): Set<string> {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { operationId?: string; responses?: Record<string, { content?: object }> }>
    >;
  };
  const ids = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || operation === null || operation.operationId === undefined)
        continue;
      const types = Object.values(operation.responses ?? {}).flatMap((response) =>
        Object.keys(response.content ?? {}),
      );
      if (types.some((type) => !/json|^text\//.test(type))) ids.add(operation.operationId);
    }
  }
  return ids;
}

// ── The pass ──────────────────────────────────────────────────────────────────────────────────

function runVerifier(baseUrl: string, statesUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['tsx', path.join('scripts', 'verify-provider.ts'), '--base-url', baseUrl, '--states-url', statesUrl],
      { cwd: repoRoot, env: childEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function log(line = '') {
  process.stdout.write(`${line}\n`);
}

let server: ReferenceServer | undefined;
let prism: ProcessGroup | undefined;
let relay: Relay | undefined;
const exchanges: Exchange[] = [];
let exitCode = 0;

try {
  log('prism:pass: starting the reference server (test mode, fresh data directory)…');
  server = await startReferenceServer();
  const prismPort = await freePort();
  log(`prism:pass: starting Prism (${PRISM}, fetched by npx on first use)…`);
  prism = startProcessGroup(
    'npx',
    [
      '--yes',
      PRISM,
      'proxy',
      DOCUMENT,
      server.baseUrl,
      '--port',
      String(prismPort),
      '--host',
      '127.0.0.1',
      // Report, never answer in the server's place (with --errors Prism answers a request it
      // finds invalid itself, and the server's answer to it is never seen).
      '--errors=false',
      // Prism's own CORS headers would be added to every answer; the server's are what counts.
      '--cors=false',
      // Violations only (warn and error); the header carries them in full.
      '--verboseLevel',
      'warn',
    ],
    childEnv({}),
    repoRoot,
  );
  const prismUrl = `http://127.0.0.1:${prismPort}`;
  await waitForHttp(`${prismUrl}/api/user`, (status) => status >= 200 && status < 500, prism, 300_000);
  relay = await startRelay(prismUrl, exchanges);

  log('prism:pass: replaying contracts/ through Prism…');
  const verified = await runVerifier(relay.url, server.statesUrl);
  const pactFailures = verified.output.match(/Failures:[\s\S]*?(?=There were|$)/)?.[0] ?? '';
  if (verified.code !== 0) {
    log(verified.output.slice(-6_000));
    log('prism:pass: the verifier failed through Prism (above); the pass is incomplete');
    exitCode = 1;
  } else if (pactFailures !== '') {
    log(pactFailures);
    exitCode = 1;
  }

  const operations = documentOperations();
  const binaryOperations = binaryOperationIds();
  const seen = new Set<string>();
  const requestViolations = new Map<string, number>();
  const responseViolations = new Map<string, string[]>();
  const ignored = new Map<string, string[]>();
  for (const exchange of exchanges) {
    const operation = operationOf(operations, exchange);
    seen.add(operation);
    for (const violation of exchange.violations) {
      const [where, ...rest] = violation.location;
      if (where === 'request') {
        requestViolations.set(operation, (requestViolations.get(operation) ?? 0) + 1);
        continue;
      }
      const line = `${exchange.method} ${exchange.path} → ${exchange.status}: ${[where, ...rest].join('.')} ${violation.message} (${violation.severity})`;
      const fault = knownPrismFault(violation, operation, binaryOperations);
      const target = fault === undefined ? responseViolations : ignored;
      target.set(operation, [
        ...(target.get(operation) ?? []),
        fault === undefined ? line : `${line} [${fault}]`,
      ]);
    }
  }

  // Prism logs each violation as well (at --verboseLevel warn: errors and warnings); a response
  // violation it logged but did not put in a header would be missed above, so the counts must agree.
  const logged = [...prism.output().matchAll(/Violation: response\b/g)].length;
  const inHeaders = exchanges.reduce(
    (sum, exchange) =>
      sum +
      exchange.violations.filter(
        (violation) =>
          violation.location[0] === 'response' &&
          (violation.severity === 'Error' || violation.severity === 'Warning'),
      ).length,
    0,
  );

  const total = operations.length;
  log();
  log(
    `Requests through Prism: ${exchanges.length}; operations exercised: ${[...seen].filter((id) => !id.includes('(not in the document)')).length} of ${total}`,
  );
  const unknown = [...seen].filter((id) => id.includes('(not in the document)'));
  if (unknown.length > 0) log(`Requests the document does not describe: ${unknown.join('; ')}`);
  log(
    `Request violations (the contracts' deliberately bad requests, expected): ${[...requestViolations.values()].reduce((a, b) => a + b, 0)} in ${requestViolations.size} operations`,
  );
  if (ignored.size > 0) {
    log('Response violations from known Prism faults (not counted):');
    for (const [operation, lines] of ignored) for (const line of lines) log(`  ${operation}: ${line}`);
  }
  const count = [...responseViolations.values()].reduce((sum, lines) => sum + lines.length, 0);
  log(`Response violations: ${count}`);
  for (const [operation, lines] of [...responseViolations].sort(([a], [b]) => a.localeCompare(b))) {
    log(`  ${operation}`);
    for (const line of lines) log(`    ${line}`);
  }
  if (logged !== inHeaders) {
    log(`prism:pass: Prism logged ${logged} response violations but its headers carried ${inHeaders}`);
    exitCode = 1;
  }
  if (count > 0) exitCode = 1;
  if (exchanges.length === 0) {
    log('prism:pass: no request went through Prism');
    exitCode = 1;
  }
} catch (error) {
  log(`prism:pass: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await relay?.close();
  await prism?.stop();
  await server?.stop();
}
process.exit(exitCode);
