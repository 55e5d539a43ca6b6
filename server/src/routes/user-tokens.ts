import {
  createAccessToken,
  deleteAccessToken,
  listAccessTokens,
  type AccessTokenRow,
} from '../auth/access-tokens.ts';
import { invalid, notFound, unauthenticated } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import type { components } from '@generated/openapi-types.ts';

type UserToken = components['schemas']['UserToken'];

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toUserToken(row: AccessTokenRow): UserToken {
  return {
    id: row.id,
    name: row.name,
    abilities: row.abilities,
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function signedInUserId(user: { id: number } | undefined): number {
  if (!user) throw unauthenticated();
  return user.id;
}

/**
 * The caller's personal access tokens. Making and revoking them is for a signed-in browser
 * only (authenticateRequest refuses a token caller), so a leaked token cannot mint more.
 */
export const routeHandlers = typedHandlers({
  async listUserTokens({ services: { db }, auth }) {
    const rows = await listAccessTokens(db, signedInUserId(auth.user));
    return { status: 200, body: { data: rows.map(toUserToken) } };
  },

  async createUserToken({ services: { db }, auth, body }) {
    const userId = signedInUserId(auth.user);
    const expiresAt = body.expires_at ?? null;
    if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now())
      throw invalid({ expires_at: [msg('validation.after_now', { field: 'expires_at' })] });
    const created = await createAccessToken(db, userId, {
      name: body.name,
      abilities: body.abilities,
      expiresAt,
    });
    return { status: 201, body: { data: { ...toUserToken(created), token: created.token } } };
  },

  async deleteUserToken({ services: { db }, auth, params }) {
    if (!(await deleteAccessToken(db, signedInUserId(auth.user), params.token_id))) throw notFound();
    return { status: 204 };
  },
});
