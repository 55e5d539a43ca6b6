import { hashPassword } from '../auth/passwords.ts';
import { randomToken } from '../auth/tokens.ts';
import { uniqueEmail, type StateContext } from './state-context.ts';

/**
 * A new plain account that nobody signs in with (its password is random): the owner of what a
 * state makes for someone other than the signed-in user.
 */
export async function anotherUser(context: StateContext, name: string, emailPrefix: string): Promise<number> {
  const rows = await context.db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, type) VALUES ($1, $2, $3, 'user') RETURNING id`,
    [name, uniqueEmail(emailPrefix), await hashPassword(randomToken())],
  );
  return (rows[0] as { id: number }).id;
}
