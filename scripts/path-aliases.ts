import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The import aliases (`@/`, `@shared/`, …) are declared once, in tsconfig.base.json's `paths`,
// which TypeScript and tsx (the server and its worker threads) read; Vite, Vitest and the
// workshop get the same table from here. The base file is plain JSON for that reason.

const root = fileURLToPath(new URL('../', import.meta.url));
const rootPosix = root.split(path.sep).join('/');

interface BaseConfig {
  compilerOptions: { paths: Record<string, string[]> };
}

const base = JSON.parse(
  readFileSync(new URL('../tsconfig.base.json', import.meta.url), 'utf8'),
) as BaseConfig;

/** Vite's `resolve.alias` entries: `@shared/x` → `<repository>/shared/x`, one per `paths` entry. */
export const pathAliases = Object.entries(base.compilerOptions.paths).map(([pattern, [target]]) => {
  if (!pattern.endsWith('/*') || !target?.endsWith('/*'))
    throw new Error(`tsconfig.base.json: alias ${pattern} must map a prefix/* to a folder/*`);
  const prefix = pattern.slice(0, -1);
  return {
    find: new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
    replacement: `${root}${target.slice(0, -1).replace(/^\.\//, '')}`,
  };
});

/** The repository-relative path an aliased specifier names (`@shared/x` → `shared/x`), if it is one. */
export function aliasTarget(specifier: string): string | undefined {
  for (const { find, replacement } of pathAliases) {
    if (find.test(specifier)) return path.posix.relative(rootPosix, specifier.replace(find, replacement));
  }
  return undefined;
}
