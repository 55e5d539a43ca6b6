import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Attachment bytes live in the file store at `files/<storage_key>` (on disk: under DATA_DIR),
 * with keys like `features/<feature id>/<random>` (the rule map and layer deletion rely on to
 * clean up). Uploads are staged on local disk first, checked, then handed to the store.
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

/** A folder for uploads in progress, on the same disk as local files so a rename moves them. */
export async function uploadTempDir(dataDir: string): Promise<string> {
  const dir = path.join(filesRoot(dataDir), 'tmp', randomBytes(12).toString('hex'));
  await mkdir(dir, { recursive: true });
  return dir;
}
