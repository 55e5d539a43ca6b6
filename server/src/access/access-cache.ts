import type { Queryable } from '../db/database.ts';
import { noticeCaches, NoticeEntries } from '../db/notice-caches.ts';
import { defineAbilityFor, type AppAbility } from '@shared/access/abilities.ts';
import { loadSnapshot, type AccessSnapshot, type Caller } from './access-snapshot.ts';

/** The channel migration 021's triggers announce every change to who may do what on. */
export const ACCESS_CHANNEL = 'atlasboard_access';
const MAX_ENTRIES = 10_000;

export interface CallerAccess {
  snapshot: AccessSnapshot;
  ability: AppAbility;
}

/**
 * Each caller's access (snapshot and CASL ability), kept until any grant, group membership,
 * layer rule, share link or map visibility changes anywhere: then every instance hears the
 * database's notice (migration 021) and forgets all of it, so a withdrawn grant holds on the
 * next request. A lookup that began before a notice does not store what it read.
 */
export class AccessCache extends NoticeEntries<string, CallerAccess> {
  constructor() {
    super(MAX_ENTRIES);
  }
}

const start = noticeCaches(ACCESS_CHANNEL, () => new AccessCache());

/** Starts listening before the first request, so the cache serves from the first one. */
export async function startAccessCache(db: Queryable): Promise<void> {
  await start(db)?.ready;
}

function keyOf(caller: Caller, tokenAbilities: readonly string[] | undefined): string {
  const token = tokenAbilities === undefined ? '' : tokenAbilities.includes('write') ? ':w' : ':r';
  if (caller.kind === 'user') return `u:${caller.id}:${caller.type}${token}`;
  return caller.kind === 'share' ? `s:${caller.mapId}` : 'g';
}

/** The caller's access now: from the cache, or read from the database and kept. */
export async function accessOf(
  db: Queryable,
  caller: Caller,
  tokenAbilities?: readonly string[],
): Promise<CallerAccess> {
  const cache = start(db)?.cache;
  const key = keyOf(caller, tokenAbilities);
  const known = cache?.get(key);
  if (known) return known;
  const ticket = cache?.ticket() ?? 0;
  const snapshot = await loadSnapshot(db, caller);
  const user = caller.kind === 'user' ? { id: caller.id, type: caller.type } : undefined;
  const access = { snapshot, ability: defineAbilityFor(user, tokenAbilities, snapshot) };
  cache?.put(ticket, key, access);
  return access;
}
