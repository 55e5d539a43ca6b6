import type { ChannelListener, Database, Queryable } from './database.ts';

/** A cache kept exact by a channel's notices: told when it listens, forgets on any loss. */
export interface NoticeCache extends ChannelListener {
  reset(listening: boolean): void;
}

export interface Started<C> {
  cache: C;
  /** Settles once the cache listens (or has given up: it then keeps nothing). */
  ready: Promise<void>;
}

/**
 * One cache per database handle and channel, listening from its first use: a handle that
 * cannot listen (a transaction, a test double), or, with `singleWriter`, one whose notices can
 * arrive after another instance's change was answered (PostgreSQL, which has a barrier), gets
 * none and its callers ask the database every time.
 */
export function noticeCaches<C extends NoticeCache>(
  channel: string,
  make: () => C,
  { singleWriter = false }: { singleWriter?: boolean } = {},
): (db: Queryable) => Started<C> | undefined {
  const caches = new WeakMap<Queryable, Started<C>>();
  return (db) => {
    const known = caches.get(db);
    if (known) return known;
    const database = db as Partial<Database>;
    if (typeof database.listen !== 'function') return undefined;
    if (singleWriter && typeof database.barrier === 'function') return undefined;
    const cache = make();
    const ready = database.listen(channel, cache).then(
      () => cache.reset(true),
      // Not listening: the cache stays empty and every request asks the database, as before.
      () => cache.reset(false),
    );
    const started = { cache, ready };
    caches.set(db, started);
    return started;
  };
}
