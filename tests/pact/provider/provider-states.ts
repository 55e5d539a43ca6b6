import type { Database } from '../../../server/src/db/database.ts';
import { hashPassword } from '../../../server/src/auth/passwords.ts';
import { newRecoveryCodes, replaceRecoveryCodes } from '../../../server/src/auth/recovery-codes.ts';
import { startSession } from '../../../server/src/auth/sessions.ts';
import { sha256 } from '../../../server/src/auth/tokens.ts';
import { newTotpSecret } from '../../../server/src/auth/totp.ts';
import { findUserByEmail, insertUser, type UserType } from '../../../server/src/users/user-record.ts';
import { STATES } from '../states.ts';

/** What the request filter needs to turn a consumer request into a real one. */
export interface PactContext {
  /** The real session of the state's signed-in user. */
  session: { token: string; xsrfToken: string; userId: number } | undefined;
  /** A TOTP secret whose current code replaces a 6-digit `code` in request bodies. */
  totpSecret: string | undefined;
  /** The real secret of the state's personal access token (replaces PACT_ACCESS_TOKEN). */
  accessToken?: string | undefined;
}

type Params = Record<string, unknown>;

function text(params: Params, key: string, fallback?: string): string {
  const value = params[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  if (fallback !== undefined) return fallback;
  throw new Error(`provider state parameter "${key}" is missing`);
}

let generated = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${(generated += 1)}@pact.example.com`;

/** Creates the account, or sets the password of an existing one, so the params always hold. */
async function account(db: Database, email: string, password: string, type: UserType, name?: string) {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.query('UPDATE users SET password_hash = $2, type = $3 WHERE id = $1', [
      existing.id,
      passwordHash,
      type,
    ]);
    return { ...existing, type };
  }
  return insertUser(db, { name: name ?? email.split('@')[0] ?? 'Pact User', email, passwordHash, type });
}

async function enableTwoFactor(
  db: Database,
  userId: number,
  recoveryCode: string | undefined,
): Promise<string> {
  const secret = newTotpSecret();
  await db.query('UPDATE users SET two_factor_secret = $2, two_factor_pending_secret = NULL WHERE id = $1', [
    userId,
    secret,
  ]);
  const codes = newRecoveryCodes();
  if (recoveryCode !== undefined) codes[0] = recoveryCode;
  await replaceRecoveryCodes(db, userId, codes);
  return secret;
}

export function createStateHandlers(db: Database, context: PactContext) {
  async function signIn(params: Params, type: UserType) {
    const user = await account(
      db,
      text(params, 'email', uniqueEmail(type)),
      text(params, 'password', 'pact-password-123'),
      type,
    );
    const session = await startSession(db, user.id, false);
    context.session = { token: session.token, xsrfToken: session.xsrfToken, userId: user.id };
    return user;
  }

  /** The "signed-in admin" of the 2FA states: the one already signed in, or a new admin. */
  async function signedInAdmin(params: Params) {
    const password = text(params, 'password', 'pact-password-123');
    if (context.session) {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        context.session.userId,
        await hashPassword(password),
      ]);
      return context.session.userId;
    }
    return (await signIn({ password }, 'admin')).id;
  }

  const handlers: Record<string, (params: Params) => Promise<void>> = {
    [STATES.signedOut]: async () => {
      context.session = undefined;
    },
    [STATES.adminSignedIn]: async (params) => void (await signIn(params, 'admin')),
    [STATES.editorSignedIn]: async (params) => void (await signIn(params, 'editor')),
    [STATES.userSignedIn]: async (params) => void (await signIn(params, 'user')),
    [STATES.accountExists]: async (params) => {
      const type = text(params, 'type', 'user') as UserType;
      const user = await account(db, text(params, 'email'), text(params, 'password'), type);
      if (params.recovery_code !== undefined) {
        context.totpSecret = await enableTwoFactor(db, user.id, text(params, 'recovery_code'));
      }
    },
    [STATES.resetTokenExists]: async (params) => {
      const email = text(params, 'email');
      await account(db, email, `unknown-${sha256(email)}`, 'user');
      await db.query(
        `INSERT INTO password_reset_tokens (email, token_hash) VALUES (lower($1), $2)
         ON CONFLICT (email) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
        [email, sha256(text(params, 'token'))],
      );
    },
    [STATES.userExists]: async (params) => {
      const id = Number(text(params, 'id'));
      await db.query(
        `INSERT INTO users (id, name, email, password_hash, type) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, type = EXCLUDED.type`,
        [
          id,
          text(params, 'name'),
          text(params, 'email'),
          await hashPassword(sha256(String(id))),
          text(params, 'type', 'user'),
        ],
      );
    },
    [STATES.twoFactorPending]: async (params) => {
      const userId = await signedInAdmin(params);
      const secret = text(params, 'secret');
      await db.query(
        'UPDATE users SET two_factor_secret = NULL, two_factor_pending_secret = $2 WHERE id = $1',
        [userId, secret],
      );
      context.totpSecret = secret;
    },
    [STATES.twoFactorEnabled]: async (params) => {
      const userId = await signedInAdmin(params);
      context.totpSecret = await enableTwoFactor(db, userId, text(params, 'recovery_code'));
    },
    [STATES.unconfirmedRegistration]: async (params) => {
      const user = await account(db, text(params, 'email'), text(params, 'password'), 'user');
      await db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [user.id]);
      await db.query(
        `INSERT INTO email_verifications (user_id, token_hash) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
        [user.id, sha256(text(params, 'token'))],
      );
    },
  };
  return handlers;
}

/** Every state starts from an empty database; generated ids start high so `userExists` ids stay free. */
export async function resetForInteraction(db: Database, context: PactContext): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('schema_migrations', 'spatial_ref_sys')`,
  );
  await db.query(`TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`);
  await db.query("SELECT setval('users_id_seq', 1000)");
  context.session = undefined;
  context.totpSecret = undefined;
  context.accessToken = undefined;
}
