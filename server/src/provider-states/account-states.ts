import { hashPassword } from '../auth/passwords.ts';
import { newRecoveryCodes, replaceRecoveryCodes } from '../auth/recovery-codes.ts';
import { startSession } from '../auth/sessions.ts';
import { sha256 } from '../auth/tokens.ts';
import { currentTotpCode, newTotpSecret } from '../auth/totp.ts';
import type { Database } from '../db/database.ts';
import { type UserType } from '../users/user-record.ts';
import { findUserByEmail, insertUser } from '../users/users-store.ts';
import { remember, text, uniqueEmail, type Params, type StateContext } from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

/** Creates the account, or sets the password and type of an existing one, so the params always hold. */
async function account(db: Database, email: string, password: string, type: UserType) {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.query(
      `UPDATE users SET password_hash = $2, type = $3, two_factor_secret = NULL,
         two_factor_pending_secret = NULL, email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`,
      [existing.id, passwordHash, type],
    );
    return { ...existing, type };
  }
  return insertUser(db, { name: email.split('@')[0] ?? 'Pact User', email, passwordHash, type });
}

async function enableTwoFactor(db: Database, userId: number, recoveryCode: string | undefined) {
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

const SIGNED_IN_RETURNS = {
  session_cookie:
    'The whole `Cookie` header of the signed-in browser: `atlasboard_session=<session>; XSRF-TOKEN=<xsrf>`.',
  xsrf_token: "The session's XSRF token, which state-changing requests echo in `X-XSRF-TOKEN`.",
  user_id: 'The id of the signed-in account.',
};

const SIGNED_IN_PARAMS = {
  'email?': 'Address of the account (created when missing); a fresh unique one when absent.',
  'password?': 'Its password (set when the account exists); a fixed test one when absent.',
};

async function signIn(context: StateContext, params: Params, type: UserType) {
  const user = await account(
    context.db,
    text(params, 'email', uniqueEmail(type)),
    text(params, 'password', 'pact-password-123'),
    type,
  );
  const session = await startSession(context.db, user.id, false);
  context.signedInUserId = user.id;
  context.values.session_cookie = `atlasboard_session=${session.token}; XSRF-TOKEN=${session.xsrfToken}`;
  context.values.xsrf_token = session.xsrfToken;
  context.values.user_id = user.id;
  return user;
}

function signedInState(key: string, name: string, type: UserType, who: string): StateDefinition {
  return {
    key,
    name,
    creates: `An account of type \`${type}\` (${who}) and a live session of it.`,
    params: SIGNED_IN_PARAMS,
    returns: SIGNED_IN_RETURNS,
    setup: async (context, params) => void (await signIn(context, params, type)),
  };
}

/** The "signed-in admin" of the two-factor states: the one already signed in, or a new admin. */
async function signedInAdmin(context: StateContext, params: Params): Promise<number> {
  const password = text(params, 'password', 'pact-password-123');
  if (context.signedInUserId !== undefined) {
    await context.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      context.signedInUserId,
      await hashPassword(password),
    ]);
    return context.signedInUserId;
  }
  return (await signIn(context, { password }, 'admin')).id;
}

export const ACCOUNT_STATES: StateDefinition[] = [
  {
    key: 'signedOut',
    name: 'no user is signed in',
    creates: 'Nothing: requests carry no session.',
    params: {},
    returns: {},
    setup: async (context) => {
      context.signedInUserId = undefined;
    },
  },
  signedInState('adminSignedIn', 'an admin is signed in', 'admin', 'may do everything'),
  signedInState('editorSignedIn', 'an editor is signed in', 'editor', 'may create and edit features'),
  signedInState('userSignedIn', 'a user is signed in', 'user', 'reads maps'),
  {
    key: 'accountExists',
    name: 'an account exists',
    creates:
      'An account with this address and password (its address confirmed, two-factor off), or that account updated to match; with `recovery_code`, two-factor on with that recovery code.',
    params: {
      email: 'Its address.',
      password: 'Its password.',
      'type?': '`admin`, `editor` or `user` (default `user`).',
      'recovery_code?': 'Turns two-factor on; this is one of its recovery codes.',
    },
    returns: {},
    setup: async (context, params) => {
      const type = text(params, 'type', 'user') as UserType;
      const user = await account(context.db, text(params, 'email'), text(params, 'password'), type);
      if (params.recovery_code !== undefined)
        await enableTwoFactor(context.db, user.id, text(params, 'recovery_code'));
    },
  },
  {
    key: 'resetTokenExists',
    name: 'a password reset token exists',
    creates: 'An account with this address and a live password-reset token `token` for it.',
    params: { email: "The account's address.", token: 'The token the reset mail carried.' },
    returns: {},
    setup: async (context, params) => {
      const email = text(params, 'email');
      await account(context.db, email, `unknown-${sha256(email)}`, 'user');
      await context.db.query(
        `INSERT INTO password_reset_tokens (email, token_hash) VALUES (lower($1), $2)
         ON CONFLICT (email) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
        [email, sha256(text(params, 'token'))],
      );
    },
  },
  {
    key: 'userExists',
    name: 'a user exists',
    creates:
      'Another account (besides whoever is signed in) with this name, address and type (an existing one with this address is updated to match).',
    params: {
      id: 'The id the interactions call it by.',
      name: 'Its name.',
      email: 'Its address.',
      'type?': '`admin`, `editor` or `user` (default `user`).',
    },
    returns: { 'user_<id>': 'The real id of the account.' },
    setup: async (context, params) => {
      const email = text(params, 'email');
      const type = text(params, 'type', 'user') as UserType;
      const user = await account(context.db, email, sha256(`${email}-${uniqueEmail('password')}`), type);
      await context.db.query('UPDATE users SET name = $2 WHERE id = $1', [user.id, text(params, 'name')]);
      remember(context, 'user', params.id, user.id);
    },
  },
  {
    key: 'twoFactorPending',
    name: 'the signed-in user has a pending two-factor secret',
    creates:
      'The signed-in account (an admin is signed in when nobody is) with password `password` has started enabling two-factor with TOTP secret `secret`.',
    params: { secret: 'The base32 TOTP secret.', password: "The account's password." },
    returns: {
      ...SIGNED_IN_RETURNS,
      totp_code: 'The current TOTP code of `secret` (interactions send it as `code`).',
    },
    setup: async (context, params) => {
      const userId = await signedInAdmin(context, params);
      const secret = text(params, 'secret');
      await context.db.query(
        'UPDATE users SET two_factor_secret = NULL, two_factor_pending_secret = $2 WHERE id = $1',
        [userId, secret],
      );
      context.values.totp_code = currentTotpCode(secret);
    },
  },
  {
    key: 'twoFactorEnabled',
    name: 'the signed-in user has two-factor enabled',
    creates:
      'The signed-in account (an admin is signed in when nobody is) with password `password` has two-factor on, `recovery_code` being one of its recovery codes.',
    params: { password: "The account's password.", recovery_code: 'One of its recovery codes.' },
    returns: SIGNED_IN_RETURNS,
    setup: async (context, params) => {
      const userId = await signedInAdmin(context, params);
      await enableTwoFactor(context.db, userId, text(params, 'recovery_code'));
    },
  },
  {
    key: 'unconfirmedRegistration',
    name: 'a registration awaits address confirmation',
    creates:
      'A self-registered account whose address is not confirmed, and the confirmation token mailed to it.',
    params: { email: 'Its address.', password: 'Its password.', token: 'The token the mail carried.' },
    returns: {},
    setup: async (context, params) => {
      const user = await account(context.db, text(params, 'email'), text(params, 'password'), 'user');
      await context.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [user.id]);
      await context.db.query(
        `INSERT INTO email_verifications (user_id, token_hash) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
        [user.id, sha256(text(params, 'token'))],
      );
    },
  },
];
