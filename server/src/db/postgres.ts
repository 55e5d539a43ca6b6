import pg from 'pg';
import { DatabaseUnreachable } from './connection-gate.ts';
import type { Database, Queryable } from './database.ts';
import { createPostgresListener } from './postgres-listener.ts';

const reportToStderr = (error: Error) =>
  process.stderr.write(
    `PostgreSQL dropped an idle connection (a new one is opened when needed): ${error.message}\n`,
  );

/** A socket's errors when nothing answers at the address, or the line is cut. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * An error that says PostgreSQL is not there rather than that a statement failed: a refused
 * or cut connection, SQLSTATE class 08 (connection exception), or 57P01–57P03 (shutting down,
 * crashed, starting up), or node-postgres's word for a connection that ended mid-way.
 */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
  )
    return true;
  return error instanceof Error && /^Connection terminated/.test(error.message);
}

const unreachableAs = (error: unknown): unknown =>
  isUnreachable(error) ? new DatabaseUnreachable(error) : error;

/**
 * PostgreSQL + PostGIS through node-postgres; the same SQL as the embedded database.
 * `onIdleError`: an idle pooled connection that the server ends (a restart, a terminated
 * backend) is reported here and left out of the pool. Without a listener the pool's `error`
 * event would be an uncaught exception and end the whole process.
 */
export function openPostgres(
  connectionString: string,
  onIdleError: (error: Error) => void = reportToStderr,
  timeouts: { waitMs?: number; statementMs?: number } = {},
): Database {
  const waitMs = timeouts.waitMs ?? 15_000;
  // A wait for a pooled connection or a row lock ends (answered 503) instead of hanging.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(waitMs > 0 ? { connectionTimeoutMillis: waitMs, lock_timeout: waitMs } : {}),
    ...(timeouts.statementMs ? { statement_timeout: timeouts.statementMs } : {}),
  });
  pool.on('error', onIdleError);
  const listener = createPostgresListener(connectionString);
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await client.query(sql, [...params]);
        return result.rows as Row[];
      } catch (error) {
        throw unreachableAs(error);
      }
    },
  });
  return {
    query: on(pool).query,
    async transaction(work) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unreachableAs(error);
      });
      try {
        await client.query('BEGIN');
        const result = await work(on(client));
        await client.query('COMMIT').catch((error: unknown) => {
          throw unreachableAs(error);
        });
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: listener.listen,
    barrier: listener.barrier,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
