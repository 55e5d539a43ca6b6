import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_ONLY_OPERATIONS } from '../../server/src/http/authenticate-request.ts';

/**
 * Two house rules of the document that a new operation inherits by following its neighbours:
 * every operation declares the shared 500 and 503 answers (so the generated client, mocks and zod
 * schemas know them), and every /api operation a browser session may call also lists the personal
 * access tokens (Bearer and Basic) that the server accepts there.
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const root = new URL('../../', import.meta.url);
const document = JSON.parse(readFileSync(new URL('generated/openapi.json', root), 'utf8')) as {
  paths: Record<string, Record<string, Json>>;
  security: Json[];
  components: { responses: Record<string, Json> };
};

interface Operation {
  id: string;
  path: string;
  responses: Record<string, { $ref?: string }>;
  security: Json[];
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => {
    const operation = item[method] as Json;
    return {
      id: String(operation.operationId),
      path,
      responses: operation.responses as Operation['responses'],
      security: (operation.security as Json[] | undefined) ?? document.security,
    };
  }),
);

describe('failure answers every operation declares', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations.map((operation) => [operation.id, operation] as const))(
    '%s declares 500 and 503 through the shared responses',
    (_id, operation) => {
      expect(operation.responses['500']).toEqual({ $ref: '#/components/responses/ServerError' });
      expect(operation.responses['503']).toEqual({ $ref: '#/components/responses/ServiceUnavailable' });
    },
  );

  it('the 503 tells the caller when to come back, and both carry {message}', () => {
    const unavailable = document.components.responses.ServiceUnavailable as {
      headers: Record<string, unknown>;
      content: Record<string, { schema: { $ref: string } }>;
    };
    expect(Object.keys(unavailable.headers)).toContain('Retry-After');
    expect(unavailable.content['application/json']?.schema.$ref).toBe('#/components/schemas/Message');
    const serverError = document.components.responses.ServerError as typeof unavailable;
    expect(serverError.content['application/json']?.schema.$ref).toBe('#/components/schemas/Message');
  });
});

describe('personal access tokens in the document', () => {
  const sessionOperations = operations.filter(
    (operation) =>
      operation.path.startsWith('/api/') &&
      operation.security.some((requirement) => 'session' in requirement),
  );

  it.each(sessionOperations.map((operation) => [operation.id, operation] as const))(
    '%s lists the session and, unless it is session-only, Bearer and Basic tokens',
    (id, operation) => {
      const schemes = operation.security.map((requirement) => Object.keys(requirement).sort().join('+'));
      if (SESSION_ONLY_OPERATIONS.has(id)) {
        expect(schemes).not.toContain('bearerToken');
        expect(schemes).not.toContain('basicToken');
      } else {
        expect(schemes).toContain('bearerToken');
        expect(schemes).toContain('basicToken');
      }
    },
  );
});
