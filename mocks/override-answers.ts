import type { RequestHandler } from 'msw';
import { handlers } from './handlers';
import { overrideHandlers } from './override-handlers';
import { memoryStorage, OverrideStore, parseOverrides } from './overrides';

/**
 * Handlers that answer as the override text says, e.g. `listMaps:503` or `listFilters:empty`
 * (the `operationId:status[:delayMs][:once]` form of `?mock=`), with the usual answers under them.
 * They keep their overrides to themselves, so a story (`parameters.msw.handlers`) or a test
 * (`server.use(...)`) can fail one call without touching the page's own override switches.
 */
export function overrideAnswers(text: string): RequestHandler[] {
  const { overrides, rejected } = parseOverrides(text);
  if (rejected.length > 0 || overrides.length === 0)
    throw new Error(`Not an override (operationId:status[:delayMs][:once]): ${text}`);
  const store = new OverrideStore(memoryStorage());
  store.replace(overrides);
  return overrideHandlers(handlers, store);
}
