import type { ChannelListener, Queryable } from '../db/database.ts';
import { noticeCaches } from '../db/notice-caches.ts';
import type { UserRecord } from '../users/user-record.ts';

/** The channel migration 019's triggers announce every session and user change on. */
export const AUTH_CHANNEL = 'atlasboard_auth';
/** A bound on what one process holds; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  id: string;
  userId: number;
  xsrfToken: string;
  remember: boolean;
}

interface Entry {
  session: Readonly<CachedSession>;
  user: Readonly<UserRecord>;
  /** This process's clock; derived from the time PostgreSQL said was left, so clocks may differ. */
  expiresAtMs: number;
}

/**
 * Live sessions with their users, so a request is signed in without asking the database.
 * Exact because the database announces every change to a session or user row (migration 019):
 * the entry is dropped when the change commits. On the embedded database that happens before
 * the writer's own statement returns; on PostgreSQL other instances hear it as soon as
 * PostgreSQL delivers it. Nothing is kept while the notices are not being heard.
 *
 * A lookup that started before a change was announced must not store what it read: `ticket`
 * is taken before the query and `put` refuses it when any notice came in between.
 */
export class SessionCache implements ChannelListener {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;

  /** The entry while live and not yet due for its sliding expiry to be written. */
  get(
    id: string,
    nowMs: number,
    lifetimeMs: (remember: boolean) => number,
  ): { session: CachedSession; user: UserRecord } | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    // The database moves the expiry once it would move by more than a minute: that write
    // (and the fresh read after it) is left to the database.
    const slideDue = entry.expiresAtMs < nowMs + lifetimeMs(entry.session.remember) - 60_000;
    if (nowMs >= entry.expiresAtMs || slideDue) {
      this.drop(id);
      return undefined;
    }
    return { session: entry.session, user: entry.user };
  }

  ticket(): number {
    return this.generation;
  }

  put(ticket: number, session: CachedSession, user: UserRecord, expiresAtMs: number): void {
    if (!this.listening || ticket !== this.generation) return;
    this.drop(session.id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(session.id, {
      session: Object.freeze({ ...session }),
      user: Object.freeze({ ...user }),
      expiresAtMs,
    });
    const ids = this.byUser.get(user.id) ?? new Set<string>();
    ids.add(session.id);
    this.byUser.set(user.id, ids);
  }

  message(payload: string): void {
    this.generation += 1;
    if (payload.startsWith('s:')) this.drop(payload.slice(2));
    else if (payload.startsWith('u:')) {
      for (const id of this.byUser.get(Number(payload.slice(2))) ?? []) this.drop(id);
    } else this.clear();
  }

  reset(listening: boolean): void {
    this.generation += 1;
    this.listening = listening;
    this.clear();
  }

  private clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const ids = this.byUser.get(entry.user.id);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(entry.user.id);
  }
}

const start = noticeCaches(AUTH_CHANNEL, () => new SessionCache());

/**
 * The cache of this database handle, started on first use; undefined for a handle that cannot
 * listen (a transaction, a test double). Until the `LISTEN` is in place it keeps nothing.
 */
export function sessionCacheFor(db: Queryable): SessionCache | undefined {
  return start(db)?.cache;
}

/** Starts listening before the first request, so the cache serves from the first one. */
export async function startSessionCache(db: Queryable): Promise<void> {
  await start(db)?.ready;
}
