import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations } from '../../test-support/openapi-response.ts';
import { collectHandlers, handlers, routeModuleNames } from './handlers.ts';

const noop = async () => ({ status: 204 });

describe('the handlers found in routes/', () => {
  it('answer every operation of the document, and nothing outside it', () => {
    const documented = allOperations().map((operation) => operation.operationId);
    expect(documented.filter((id) => !(id in handlers))).toEqual([]);
    expect(Object.keys(handlers).filter((id) => !documented.includes(id))).toEqual([]);
  });

  it('come from every route module of the folder, tests and this collector aside', () => {
    const files = readdirSync(fileURLToPath(new URL('.', import.meta.url)));
    const names = routeModuleNames(files);
    expect(names).toContain('users.ts');
    expect(names).toContain('map-access.ts');
    expect(names).not.toContain('handlers.ts');
    expect(names.some((name) => name.endsWith('.test.ts'))).toBe(false);
    expect(names.length).toBe(files.filter((name) => !name.endsWith('.test.ts')).length - 1);
  });

  it('refuse a route module without routeHandlers, and an operation two modules answer', () => {
    expect(() => collectHandlers([['stray.ts', { somethingElse: {} }]])).toThrow(
      /stray\.ts exports no routeHandlers/,
    );
    expect(() =>
      collectHandlers([
        ['a.ts', { routeHandlers: { listUsers: noop } }],
        ['b.ts', { routeHandlers: { listUsers: noop } }],
      ]),
    ).toThrow(/listUsers is answered by both routes\/a\.ts and routes\/b\.ts/);
    expect(
      Object.keys(collectHandlers([['a.ts', { routeHandlers: { listUsers: noop, getUser: noop } }]])),
    ).toEqual(['listUsers', 'getUser']);
  });
});
