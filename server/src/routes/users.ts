import { canOn } from '@shared/access/abilities.ts';
import { revokeUserTokens } from '../auth/access-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { destroyUserSessions } from '../auth/sessions.ts';
import { accountKey, clearHits, takeAttempt } from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { forbidden, invalid, notFound, tooManyAttempts, unauthenticated } from '../http/http-error.ts';
import { typedHandlers, type TypedContext, type TypedResult } from '../openapi/typed-handlers.ts';
import { msg, type Message, type Problems } from '../i18n/messages.ts';
import { listUsers as queryUsers } from '../users/user-list.ts';
import { publicUserWithGroups, toPublicUser, type UserRecord } from '../users/user-record.ts';
import { emailTaken, findUserById, insertUser } from '../users/users-store.ts';
import { isUniqueViolation, passwordRuleErrors } from '../users/user-rules.ts';
import { deleteUserRow, updateUserRow } from '../users/users-store.ts';

const TAKEN = msg('validation.email_taken');

/** Checks the ability on this user before revealing whether it exists (403 before 404 for non-admins). */
async function userFor(
  context: TypedContext<'getUser'> | TypedContext<'updateUser'> | TypedContext<'deleteUser'>,
  action: 'read' | 'update' | 'delete',
): Promise<UserRecord> {
  const id = context.params.id;
  const { ability } = context.auth;
  if (!canOn(ability, action, 'User', { id })) throw forbidden();
  const user = await findUserById(context.services.db, id);
  if (!user) throw notFound();
  if (!canOn(ability, action, 'User', { ...user })) throw forbidden();
  return user;
}

/** A new password or sign-in address for oneself needs the current password: an open session is not enough. */
function changesCredentials(user: UserRecord, body: TypedContext<'updateUser'>['body']): boolean {
  const newEmail = body.email !== undefined && body.email.trim().toLowerCase() !== user.email.toLowerCase();
  return body.password !== undefined || newEmail;
}

/** Guesses count per account like sign-in attempts (429 after MAX_ATTEMPTS a minute); a right one clears them. */
async function currentPasswordProblem(
  db: Database,
  user: UserRecord,
  currentPassword: string | undefined,
): Promise<Message | undefined> {
  if (!currentPassword) return msg('auth.current_password');
  const key = accountKey('current-password', user.id);
  const wait = await takeAttempt(db, key);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(currentPassword, user.password_hash))) return msg('auth.current_password');
  await clearHits(db, key);
  return undefined;
}

export async function listUsers(context: TypedContext<'listUsers'>): Promise<TypedResult<'listUsers'>> {
  return {
    status: 200,
    body: await queryUsers(context.services.db, context.query, '/api/users'),
  };
}

export async function createUser(context: TypedContext<'createUser'>): Promise<TypedResult<'createUser'>> {
  const body = context.body;
  const { db } = context.services;
  const errors = passwordRuleErrors(body.password, body.password_confirmation);
  if (await emailTaken(db, body.email)) errors.email = [TAKEN];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await insertUser(db, { ...body, passwordHash });
    return { status: 201, body: { data: toPublicUser(user) } };
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: [TAKEN] });
    throw error;
  }
}

export async function getUser(context: TypedContext<'getUser'>): Promise<TypedResult<'getUser'>> {
  const user = await userFor(context, 'read');
  return { status: 200, body: { data: await publicUserWithGroups(context.services.db, user) } };
}

export async function updateUser(context: TypedContext<'updateUser'>): Promise<TypedResult<'updateUser'>> {
  const me = context.auth.user;
  if (!me) throw unauthenticated();
  const user = await userFor(context, 'update');
  const body = context.body;
  const { db } = context.services;
  // Sending one's own type unchanged is harmless; changing it needs the field-level ability.
  if (
    body.type !== undefined &&
    body.type !== user.type &&
    !canOn(context.auth.ability, 'update', 'User', { ...user }, 'type')
  ) {
    throw forbidden();
  }
  const errors: Problems = passwordRuleErrors(body.password, body.password_confirmation);
  // An admin demoting themselves could leave nobody able to manage users.
  if (body.type !== undefined && body.type !== user.type && user.id === me.id) {
    errors.type = [msg('auth.own_type')];
  }
  if (body.email !== undefined && (await emailTaken(db, body.email, user.id))) errors.email = [TAKEN];
  if (me.id === user.id && changesCredentials(user, body)) {
    const problem = await currentPasswordProblem(db, user, body.current_password);
    if (problem) errors.current_password = [problem];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : null;
  try {
    const updated = await db.transaction(async (tx) => {
      const row = await updateUserRow(tx, user.id, {
        name: body.name?.trim() ?? null,
        email: body.email?.trim() ?? null,
        type: body.type ?? null,
        locale: body.locale ?? null,
        passwordHash,
      });
      // A new password ends the user's other sessions (the caller's own stays). One an admin
      // sets (the account may be in the wrong hands) revokes the user's tokens too; the user's
      // own change, made with the current password, keeps them (the profile revokes them one by one).
      if (passwordHash !== null) await destroyUserSessions(tx, user.id, context.auth.session?.id);
      if (passwordHash !== null && user.id !== me.id) await revokeUserTokens(tx, user.id);
      return row;
    });
    if (!updated) throw notFound();
    return { status: 200, body: { data: await publicUserWithGroups(db, updated) } };
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: [TAKEN] });
    throw error;
  }
}

export async function deleteUser(context: TypedContext<'deleteUser'>): Promise<TypedResult<'deleteUser'>> {
  const user = await userFor(context, 'delete');
  if (user.id === context.auth.user?.id) throw invalid({ id: [msg('auth.own_delete')] });
  await deleteUserRow(context.services.db, user.id);
  return { status: 204 };
}

export const routeHandlers = typedHandlers({ listUsers, createUser, getUser, updateUser, deleteUser });
