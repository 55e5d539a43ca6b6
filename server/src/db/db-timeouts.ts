/** How long a request may wait for the database before it is answered 503 (milliseconds). */
export interface DatabaseTimeouts {
  /** A wait for the embedded connection, for a pooled connection, or for a row lock. */
  waitMs: number;
  /** PostgreSQL only: the longest single statement; 0 leaves statements unbounded. */
  statementMs: number;
}

function milliseconds(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of milliseconds`);
  return value;
}

/** `DB_WAIT_TIMEOUT_MS` (default 15 s) and `DB_STATEMENT_TIMEOUT_MS` (default off). */
export function databaseTimeouts(env: Record<string, string | undefined> = process.env): DatabaseTimeouts {
  return {
    waitMs: milliseconds(env.DB_WAIT_TIMEOUT_MS, 15_000, 'DB_WAIT_TIMEOUT_MS'),
    statementMs: milliseconds(env.DB_STATEMENT_TIMEOUT_MS, 0, 'DB_STATEMENT_TIMEOUT_MS'),
  };
}
