import type { ChannelListener, Database, Queryable } from './database.ts';

/** A cache kept exact by a channel's notices: told when it listens, forgets on any loss. */
export interface NoticeCache extends ChannelListener {
  reset(listening: boolean): void;
}

/**
 * Entries kept until a notice says they may be stale (then `forget`: all of them, unless a
 * subclass knows better), at most `max`, the oldest dropped first. A lookup that began before a
 * notice does not store what it read: its ticket is refused.
 */
export class NoticeEntries<K, V> implements NoticeCache {
  protected readonly entries = new Map<K, V>();
  private generation = 0;
  private listening = false;

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  ticket(): number {
    return this.generation;
  }

  put(ticket: number, key: K, value: V): void {
    if (!this.listening || ticket !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }

  message(payload: string): void {
    this.generation += 1;
    this.forget(payload);
  }

  /** What a notice drops: everything, unless its payload names less. */
  protected forget(_payload: string): void {
    this.entries.clear();
  }

  reset(listening: boolean): void {
    this.generation += 1;
    this.listening = listening;
    this.entries.clear();
  }
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
