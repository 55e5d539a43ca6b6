import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OperationHandler, OperationHandlers } from '../openapi/bind-operations.ts';

/**
 * Every route module of this folder (tests aside) exports its handlers as `routeHandlers`; they
 * are collected here once, at start, so a new route file needs no list kept by hand. A module
 * without that export, or an operation answered by two modules, stops the server from starting.
 */
export const ROUTE_HANDLERS_EXPORT = 'routeHandlers';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const OWN_NAME = fileURLToPath(import.meta.url).slice(HERE.length);

/** The route modules: this folder's .ts/.js files, not tests, declarations or this module. */
export function routeModuleNames(files: readonly string[]): string[] {
  return files
    .filter((name) => /\.(ts|js)$/.test(name) && !/\.test\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'))
    .filter((name) => name !== OWN_NAME)
    .sort();
}

/** Merges the modules' handlers by operationId; `modules` pairs each file name with its exports. */
export function collectHandlers(
  modules: readonly (readonly [string, Record<string, unknown>])[],
): OperationHandlers {
  const found: Record<string, OperationHandler> = {};
  const owner = new Map<string, string>();
  for (const [name, exports] of modules) {
    const handlers = exports[ROUTE_HANDLERS_EXPORT] as OperationHandlers | undefined;
    if (!handlers || typeof handlers !== 'object')
      throw new Error(
        `routes/${name} exports no ${ROUTE_HANDLERS_EXPORT}: every route module names its handlers so`,
      );
    for (const [operationId, handler] of Object.entries(handlers)) {
      const before = owner.get(operationId);
      if (before !== undefined)
        throw new Error(`${operationId} is answered by both routes/${before} and routes/${name}`);
      owner.set(operationId, name);
      found[operationId] = handler;
    }
  }
  return found;
}

const names = routeModuleNames(readdirSync(HERE));

/** operationId → handler. Operations of the document missing here answer 501 (see bindOperations). */
export const handlers: OperationHandlers = collectHandlers(
  await Promise.all(
    names.map(
      async (name) =>
        [name, (await import(/* @vite-ignore */ `./${name}`)) as Record<string, unknown>] as const,
    ),
  ),
);
