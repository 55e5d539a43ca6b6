import type { RequestHandler } from 'msw';

/**
 * The maps-domain stateful handler sets (`mocks/maps-*-handlers.ts`, `mocks/features-*-handlers.ts`,
 * `mocks/water-network-*handlers.ts`),
 * globbed so each half of the mock town adds its files without editing the list.
 * Every exported array whose name ends in `Handlers` is taken.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['./maps-*handlers.ts', './features-*handlers.ts', './water-network-*handlers.ts'],
  {
    eager: true,
  },
);

export function domainHandlers(): RequestHandler[] {
  return Object.keys(modules)
    .sort()
    .flatMap((file) =>
      Object.entries(modules[file] ?? {}).flatMap(([name, value]) =>
        name.endsWith('Handlers') && Array.isArray(value) ? (value as RequestHandler[]) : [],
      ),
    );
}
