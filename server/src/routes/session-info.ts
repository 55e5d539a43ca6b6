import { providerLogoutUrl } from '../auth/oidc.ts';
import { endSession } from '../auth/sessions.ts';
import { randomToken } from '../auth/tokens.ts';
import { clearSessionCookie } from '../http/cookies.ts';
import { unauthenticated } from '../http/http-error.ts';
import {
  typedHandlers,
  type SuccessBodyOf,
  type TypedContext,
  type TypedResult,
} from '../openapi/typed-handlers.ts';
import { toPublicUser } from '../users/user-record.ts';

/**
 * Ends our session. A session the identity provider signed in is also ended there when the
 * provider offers RP-initiated logout: the answer then says where to send the browser.
 */
export async function logout(context: TypedContext<'logout'>): Promise<TypedResult<'logout'>> {
  const { db, config } = context.services;
  let providerIdToken: string | null = null;
  if (context.auth.session) {
    providerIdToken = (await endSession(db, context.auth.session.id)).oidcIdToken;
  }
  clearSessionCookie(context.request, context.reply);
  context.auth.xsrfToken = randomToken();
  const redirectTo =
    providerIdToken !== null && config.oidc
      ? await providerLogoutUrl(config.oidc, providerIdToken)
      : undefined;
  if (redirectTo !== undefined) return { status: 200, body: { redirect_to: redirectTo } };
  return { status: 204 };
}

/** Which sign-in buttons the sign-in screen shows, and whether the password form is on. */
export async function getAuthProviders(
  context: TypedContext<'getAuthProviders'>,
): Promise<TypedResult<'getAuthProviders'>> {
  const { oidc, passwordLogin } = context.services.config;
  return {
    status: 200,
    body: {
      providers: oidc ? [{ id: 'oidc', label: oidc.label, login_url: '/auth/oidc/login' }] : [],
      password_login: passwordLogin,
    },
  };
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

export const routeHandlers = typedHandlers({ logout, getAuthProviders, getAbilities, getCurrentUser });
