import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the client build reads; a change to any of these makes dist/ stale. */
const CLIENT_SOURCES = [
  'src',
  'generated',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/cesium-assets-plugin.ts',
  'scripts/locale-sections-plugin.ts',
  'package-lock.json',
];

function newestChange(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/**
 * Whether `npm start` must (re)build the client: no build yet, or a source it is built
 * from changed since (so a pulled change is never served from an old build).
 */
export function clientBuildNeeded(clientDir: string, projectDir: string): boolean {
  const index = path.join(clientDir, 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestChange(path.join(projectDir, source)) > builtAt);
}
