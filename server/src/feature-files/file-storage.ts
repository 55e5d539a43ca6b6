import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Local attachment bytes live at `<DATA_DIR>/files/<storage_key>`, with keys like
 * `features/<feature id>/<random>` (the rule map and layer deletion rely on to clean up).
 */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export function storedPath(dataDir: string, storageKey: string): string {
  const root = filesRoot(dataDir);
  const target = path.resolve(root, storageKey);
  // Keys are written only by this server, but a key must never lead out of the files folder.
  if (!target.startsWith(root + path.sep))
    throw new Error(`storage key outside the files folder: ${storageKey}`);
  return target;
}

export const newStorageKey = (featureId: number): string =>
  `features/${featureId}/${randomBytes(16).toString('hex')}`;

/** A folder for uploads in progress, on the same disk as the files so a rename moves them. */
export async function uploadTempDir(dataDir: string): Promise<string> {
  const dir = path.join(filesRoot(dataDir), 'tmp', randomBytes(12).toString('hex'));
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function moveIntoPlace(dataDir: string, from: string, storageKey: string): Promise<void> {
  const target = storedPath(dataDir, storageKey);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(from, target);
}

/** Best effort, after the database change is committed: a leftover file is harmless, a missing row is not. */
export async function removeStored(dataDir: string, storageKeys: readonly string[]): Promise<void> {
  await Promise.all(
    storageKeys.map((key) => rm(storedPath(dataDir, key), { force: true }).catch(() => undefined)),
  );
}
