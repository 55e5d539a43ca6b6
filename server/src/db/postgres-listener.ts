import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ChannelListener } from './database.ts';

const RETRY_MS = 1_000;
/** How listening connections are known to each other (pg_stat_activity). */
const APPLICATION_NAME = 'atlasboard-listener';
/** A barrier waits this long for instances that do not answer (stopped, or cut off). */
const BARRIER_MS = 2_000;

/**
 * `LISTEN` on a connection of its own (a pooled one goes back to the pool between queries and
 * would stop hearing). When it is lost every subscriber is told to drop what it holds, and it
 * reconnects every second until it listens again (then they are told once more: notices sent
 * while it was away are gone for good). `close` ends it for good.
 */
export function createPostgresListener(connectionString: string) {
  const subscribers = new Map<string, Set<ChannelListener>>();
  const self = randomBytes(8).toString('hex');
  let barriers = 0;
  /** Barriers of this instance waiting for answers: by marker, the answers still wanted. */
  const waiting = new Map<string, { answered: number; wanted: number | undefined; done: () => void }>();
  const passed = (marker: string | undefined) => {
    const wait = marker === undefined ? undefined : waiting.get(marker);
    if (!wait) return;
    wait.answered += 1;
    check(wait);
  };
  const check = (wait: { answered: number; wanted: number | undefined; done: () => void }) => {
    if (wait.wanted !== undefined && wait.answered >= wait.wanted) wait.done();
  };
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const each = (work: (listener: ChannelListener) => void) => {
    for (const set of subscribers.values()) for (const listener of set) work(listener);
  };

  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = undefined;
    each((listener) => listener.reset(false));
    from.end().catch(() => undefined);
    if (!closed && subscribers.size > 0) retry = setTimeout(() => void reconnect(), RETRY_MS);
  };

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString, application_name: APPLICATION_NAME });
    next.on('notification', (notice) => {
      const payload = notice.payload ?? '';
      if (payload.startsWith('barrier:')) {
        // Every notice sent before the marker has been handed on by now (they come in commit
        // order on this one connection), so the sender may go on.
        const [, from, marker] = payload.split(':');
        if (from === self) passed(marker);
        else
          next
            .query('SELECT pg_notify($1, $2)', [notice.channel, `passed:${from}:${marker}`])
            .catch(() => undefined);
        return;
      }
      if (payload.startsWith('passed:')) {
        const [, to, marker] = payload.split(':');
        if (to === self) passed(marker);
        return;
      }
      for (const listener of subscribers.get(notice.channel) ?? []) listener.message(payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of subscribers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    return next;
  }

  async function reconnect(): Promise<void> {
    retry = undefined;
    if (closed) return;
    try {
      await open();
      each((listener) => listener.reset(true));
    } catch {
      if (!closed) retry = setTimeout(() => void reconnect(), RETRY_MS);
    }
  }

  async function connected(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= open().finally(() => (connecting = undefined));
    return connecting;
  }

  return {
    async listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
      const isNew = !subscribers.has(channel);
      const set = subscribers.get(channel) ?? new Set<ChannelListener>();
      subscribers.set(channel, set);
      set.add(listener);
      const active = await connected();
      // open() already listens on every channel it knew of; a channel added later needs its own.
      if (isNew && active === client) await active.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(listener);
        if (set.size > 0) return;
        subscribers.delete(channel);
        await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    /**
     * Resolves once every listening instance (this one included) has handed on every notice on `channel`
     * committed before this call (or after BARRIER_MS for one that does not answer). A change
     * that other instances must see at once waits for this before it is answered.
     */
    async barrier(channel: string): Promise<void> {
      const active = client;
      if (!active) return;
      barriers += 1;
      const marker = String(barriers);
      let timer: NodeJS.Timeout | undefined;
      const allPassed = new Promise<void>((resolve) => {
        waiting.set(marker, { answered: 0, wanted: undefined, done: resolve });
        timer = setTimeout(resolve, BARRIER_MS);
      });
      try {
        const { rows } = await active.query<{ listeners: number }>(
          `SELECT pg_notify($1, $2), (SELECT count(*)::int FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = $3) AS listeners`,
          [channel, `barrier:${self}:${marker}`, APPLICATION_NAME],
        );
        const wait = waiting.get(marker);
        // Answers may have come in before the count did.
        if (wait) {
          wait.wanted = rows[0]?.listeners ?? 0;
          check(wait);
        }
        await allPassed;
      } catch {
        // The listener is lost: subscribers were reset, nothing is left to wait for.
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
