import type { Database } from '../db/database.ts';
import { AUTH_CHANNEL } from './session-cache.ts';

/** Operations that may end sessions or change a user row (and with it their abilities). */
const AUTH_WRITES = new Set([
  'login',
  'loginTwoFactor',
  'logout',
  'resetPassword',
  'verifyEmail',
  'startTwoFactor',
  'confirmTwoFactor',
  'disableTwoFactor',
  'updateUser',
  'deleteUser',
]);

/**
 * Before such an operation is answered, every other instance on the same PostgreSQL must have
 * dropped what its session cache held of the change: the caller's very next request may go to
 * any of them (a sign-out there is 401 at once). The database's notices already say what
 * changed; this waits until each instance has read them. Nothing to wait for when embedded.
 */
export async function settleAuthWrites(operationId: string, db: Database): Promise<void> {
  if (AUTH_WRITES.has(operationId) && db.barrier) await db.barrier(AUTH_CHANNEL);
}
