import { destroySession } from '../auth/sessions.ts';
import { randomToken } from '../auth/tokens.ts';
import { clearSessionCookie } from '../http/cookies.ts';
import { unauthenticated } from '../http/http-error.ts';
import type { SuccessBodyOf, TypedContext, TypedResult } from '../openapi/typed-handlers.ts';
import { toPublicUser } from '../users/user-record.ts';

export async function logout(context: TypedContext<'logout'>): Promise<TypedResult<'logout'>> {
  if (context.auth.session) await destroySession(context.services.db, context.auth.session.id);
  clearSessionCookie(context.request, context.reply);
  context.auth.xsrfToken = randomToken();
  return { status: 204 };
}

export async function getCurrentUser(
  context: TypedContext<'getCurrentUser'>,
): Promise<TypedResult<'getCurrentUser'>> {
  if (!context.auth.user) throw unauthenticated();
  const { user, access } = context.auth;
  return { status: 200, body: { success: true, data: toPublicUser(user, access.groups) } };
}

/** The same rules the server enforces, as CASL raw rules. */
export async function getAbilities(
  context: TypedContext<'getAbilities'>,
): Promise<TypedResult<'getAbilities'>> {
  // CASL allows a single field as a string; the document's rules always carry a list.
  const rules = context.auth.ability.rules.map((rule) =>
    typeof rule.fields === 'string' ? { ...rule, fields: [rule.fields] } : rule,
  );
  return { status: 200, body: rules as SuccessBodyOf<'getAbilities'> };
}
