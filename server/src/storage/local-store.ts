import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.ts';
import { checkedKey } from './storage-key.ts';

/** Files under DATA_DIR, at their key's path: the single machine's store, as it always was. */
export function localStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir);
  const where = (key: string) => {
    const target = path.resolve(root, checkedKey(key));
    if (!target.startsWith(root + path.sep)) throw new Error(`storage key outside DATA_DIR: ${key}`);
    return target;
  };
  return {
    kind: 'local',
    async putFile(key, localPath, _contentType, options) {
      const target = where(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (options?.keep) return copyFile(localPath, target);
      try {
        await rename(localPath, target);
      } catch (error) {
        // Another disk (a temp folder elsewhere): copy, then drop the original.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      }
    },
    async open(key) {
      const target = where(key);
      const info = await stat(target).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(target), size: info.size };
    },
    withLocalCopy: (key, use) => use(where(key)),
    async remove(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const target = where(key);
          await rm(target, { force: true });
          // An import's upload has a folder of its own; leave no empty folder behind.
          if (key.startsWith('imports/')) await rmdir(path.dirname(target)).catch(() => undefined);
        }),
      );
    },
    async *list(prefix) {
      const base = where(`${prefix.replace(/\/+$/, '')}/x`);
      const top = path.dirname(base);
      const entries = await readdir(top, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const info = await stat(full).catch(() => undefined);
        if (info) yield { key: path.relative(root, full).split(path.sep).join('/'), modified: info.mtime };
      }
    },
    close: () => undefined,
  };
}
