/** The SQL surface every part of the server uses; PGlite and node-postgres both provide it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** What a `LISTEN` subscriber is told. */
export interface ChannelListener {
  /** A `NOTIFY` on the channel, delivered once its transaction committed. */
  message(payload: string): void;
  /**
   * Notices may have been missed (the listening connection was lost, or it is back after a loss
   * and `listening` says which): whatever was kept on their strength must be dropped.
   */
  reset(listening: boolean): void;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of it is kept, or none of it (a throw rolls back). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a `NOTIFY` channel; resolves once listening, to the unsubscribe. Optional: a
   * database without it has no in-process caches that depend on notices.
   */
  listen?(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /**
   * Resolves once every instance listening on `channel` (this one too) has been handed every
   * notice committed before the call. Absent where notices arrive with the statement that sent
   * them and there is no other instance (the embedded database).
   */
  barrier?(channel: string): Promise<void>;
  close(): Promise<void>;
}

/** The first row the statement returns; undefined when it returns none. */
export async function firstRow<Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params);
  return rows[0];
}

/** The row of a statement that always returns one (an `INSERT … RETURNING`, an update of a row known to be there). */
export async function returnedRow<Row>(
  db: Queryable,
  sql: string,
  params?: readonly unknown[],
): Promise<Row> {
  return (await firstRow<Row>(db, sql, params)) as Row;
}
