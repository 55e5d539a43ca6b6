import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Operation = { operationId: string; summary?: string };
const document = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  'x-read-only-operations'?: string[];
};
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const operations = Object.values(document.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ method, ...operation })),
);
const readOnly = new Set(document['x-read-only-operations'] ?? []);

/**
 * What a read-only token may call is decided by what an operation does: every GET reads, the
 * document's `x-read-only-operations` lists the other operations that change no data, and every
 * other operation writes. These checks keep that list honest as operations are added.
 */
describe('operations classified as reading or writing', () => {
  it('lists only operations of the document, none of them a GET', () => {
    const byId = new Map(operations.map((operation) => [operation.operationId, operation.method]));
    expect([...readOnly].filter((id) => byId.get(id) === undefined || byId.get(id) === 'get')).toEqual([]);
  });

  it('classes every operation whose body carries a question (filter, search, count, export, network query) as a read', () => {
    const questions = operations.filter(
      (operation) =>
        operation.method === 'post' &&
        /^(filter|search|aggregate|export|trace|isolate|simulate|fireFlow|check)/.test(operation.operationId),
    );
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.map((operation) => operation.operationId).filter((id) => !readOnly.has(id))).toEqual([]);
  });

  it('classes no operation that creates, updates, deletes, imports or uploads as a read', () => {
    expect(
      [...readOnly].filter((id) =>
        /^(create|update|delete|import|start|upload|restore|split|transfer)/.test(id),
      ),
    ).toEqual([]);
  });
});
