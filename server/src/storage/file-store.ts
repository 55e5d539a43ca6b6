import type { Readable } from 'node:stream';
import type { ServerConfig } from '../config.ts';
import { localStore } from './local-store.ts';
import { s3Store } from './s3-store.ts';
import { checkedKey } from './storage-key.ts';

export type StorageKind = 'local' | 's3';

export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where files live: attachments under `files/`, import uploads under `imports/`, export files
 * under `exports/`. The same keys on local disk (relative to DATA_DIR) and in a bucket, so the
 * one-off migration copies a tree as it is.
 */
export interface FileStore {
  readonly kind: StorageKind;
  /**
   * Takes a finished local file (moved on local disk, uploaded as a stream to a bucket); the
   * local file is gone after, unless `keep` (the migration keeps it until the database agrees).
   */
  putFile(key: string, localPath: string, contentType?: string, options?: { keep?: boolean }): Promise<void>;
  /** A stream of the stored bytes, or undefined when there is no such file. */
  open(key: string): Promise<StoredObject | undefined>;
  /** Runs `use` with a local path to the file (the file itself on disk, a temp copy of a bucket's object). */
  withLocalCopy<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T>;
  /** Deletes; keys already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every key under a prefix with its last change (for clean-ups and the migration). */
  list(prefix: string): AsyncIterable<{ key: string; modified: Date }>;
  close(): void;
}

/** The attachment with `storage_key` (as the database keeps it) in the store. */
export const attachmentKey = (storageKey: string) => checkedKey(`files/${storageKey}`);
export const exportKey = (fileName: string) => checkedKey(`exports/${fileName}`);

const stores = new WeakMap<ServerConfig, Map<StorageKind, FileStore>>();

/**
 * The store of a kind for this configuration (one client per app). Files written before a
 * switch to s3 keep their `local` kind until the migration moves them, so both are served.
 */
export function storeOfKind(config: ServerConfig, kind: StorageKind): FileStore {
  let byKind = stores.get(config);
  if (!byKind) stores.set(config, (byKind = new Map()));
  let store = byKind.get(kind);
  if (!store) {
    if (kind === 's3') {
      if (config.storage.kind !== 's3') throw new Error('a file is kept in a bucket, but STORAGE is not s3');
      store = s3Store(config.storage);
    } else store = localStore(config.dataDir);
    byKind.set(kind, store);
  }
  return store;
}

/** The store new files go to (STORAGE). */
export const fileStore = (config: ServerConfig): FileStore => storeOfKind(config, config.storage.kind);
