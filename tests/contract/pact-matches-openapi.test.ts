import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findOperation } from '../../src/testing/response-check';
import { headerValue, readPactInteractions } from './operations-coverage';

/**
 * The pact the consumer tests wrote must agree with the document both sides are built
 * from. @pactflow/swagger-mock-validator reads OpenAPI 3.1 and the cookie/header apiKey
 * schemes; it is run through its documented CLI (the package ships no type declarations).
 */
const run = promisify(execFile);
const VALIDATOR = path.resolve('node_modules/.bin/swagger-mock-validator');
const DOCUMENT = path.resolve('generated/openapi.json');
const PACT = path.resolve('contracts/atlasboard-web-atlasboard-api.json');

interface Outcome {
  exitCode: number;
  output: string;
}

async function validate(pactFile: string): Promise<Outcome> {
  // -R: a response must carry every property the document marks required.
  const args = [DOCUMENT, pactFile, '--requiredPropertiesInResponse', 'true', '--outputDepth', '6'];
  try {
    const { stdout, stderr } = await run(VALIDATOR, args, {
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
      // Its report lists every warning in full; past Node's 1 MB default the run itself fails.
      maxBuffer: 64 * 1024 * 1024,
    });
    return { exitCode: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

interface PactFile {
  interactions: Array<Record<string, unknown> & { description: string; request: Record<string, unknown> }>;
}

function readPact(): PactFile {
  return JSON.parse(readFileSync(PACT, 'utf8')) as PactFile;
}

function interaction(pact: PactFile, description: string) {
  const found = pact.interactions.find((candidate) => candidate.description === description);
  if (!found)
    throw new Error(`the pact has no interaction "${description}"; run the pact-consumer tests first`);
  return structuredClone(found);
}

// The validator takes about a second per interaction on a busy machine; the pact has ~100.
const WHOLE_PACT_TIMEOUT = 300_000;

describe('contracts/ against generated/openapi.json', () => {
  it('the consumer pact has no error against the document', { timeout: WHOLE_PACT_TIMEOUT }, async () => {
    const outcome = await validate(PACT);
    expect(outcome.output).toMatch(/\b0 error\(s\)/);
    expect(outcome.exitCode, outcome.output).toBe(0);
  });

  it(
    'the same check fails on drift: a wrong response, an unknown path, an undocumented field',
    { timeout: 60_000 },
    async () => {
      const pact = readPact();
      const home = interaction(pact, 'a sign-in with the right password');
      const response = home.response as { body: { content: Record<string, unknown> } };
      response.body.content = { next_step: 'elsewhere' };
      const unknownPath = interaction(pact, 'a request for one user');
      unknownPath.description = 'drift: unknown path';
      unknownPath.request = { ...unknownPath.request, path: '/api/people/42' };
      const extraField = interaction(pact, 'a user creation by an admin');
      extraField.description = 'drift: undocumented field';
      const request = extraField.request as { body: { content: Record<string, unknown> } };
      request.body.content = { ...request.body.content, nickname: 'Amazing Grace' };

      const dir = mkdtempSync(path.join(tmpdir(), 'pact-drift-'));
      const drifted = path.join(dir, 'drifted.json');
      writeFileSync(drifted, JSON.stringify({ ...pact, interactions: [home, unknownPath, extraField] }));

      const outcome = await validate(drifted);
      expect(outcome.exitCode).not.toBe(0);
      expect(outcome.output).toMatch(/\b3 error\(s\)/);
      expect(outcome.output).toContain('response.body.incompatible');
      expect(outcome.output).toContain('request.path-or-method.unknown');
      expect(outcome.output).toContain('request.body.incompatible');
    },
  );

  // The validator treats cookie apiKey schemes as unsupported and skips them, so the
  // session half of the document's security is checked here instead.
  it('every successful interaction of a session-only operation sends the session cookie', () => {
    const missing = readPactInteractions()
      .filter((interaction) => interaction.response.status < 400)
      .filter((interaction) => {
        const operation = findOperation(interaction.request.method, interaction.request.path);
        const needsSession =
          operation !== undefined &&
          operation.security.length > 0 &&
          operation.security.every((alternative) => alternative.includes('session'));
        return needsSession && !/(^|;\s*)atlasboard_session=/.test(headerValue(interaction, 'cookie') ?? '');
      })
      .map((interaction) => interaction.description);
    expect(missing).toEqual([]);
  });
});
