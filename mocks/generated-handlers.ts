import type { RequestHandler } from 'msw';

/**
 * Every generated faker handler set (`get<Tag>Mock()` in generated/api/<tag>/<tag>.msw.ts).
 * Globbed so tags added to the document are served without editing this file.
 */
const modules = import.meta.glob<Record<string, unknown>>('../generated/api/*/*.msw.ts', { eager: true });

/** `get<Tag>Mock`, not the per-operation `get<Operation>ResponseMock` data builders. */
function isHandlerFactory(name: string, value: unknown): value is () => RequestHandler[] {
  return /^get[A-Z]\w*Mock$/.test(name) && !name.endsWith('ResponseMock') && typeof value === 'function';
}

export function generatedHandlers(): RequestHandler[] {
  return Object.keys(modules)
    .sort()
    .flatMap((file) =>
      Object.entries(modules[file] ?? {}).flatMap(([name, value]) =>
        isHandlerFactory(name, value) ? value() : [],
      ),
    );
}
