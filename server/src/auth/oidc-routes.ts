import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { setSessionCookie, setXsrfCookie } from '../http/cookies.ts';
import { servedOverHttps } from '../http/security-headers.ts';
import {
  accountFor,
  finishSignIn,
  SIGN_IN_COOKIE,
  SIGN_IN_MINUTES,
  SsoFailure,
  startSignIn,
} from './oidc.ts';
import { destroySession, SESSION_COOKIE, startSession } from './sessions.ts';
import { sha256 } from './tokens.ts';

const COOKIE_PATH = '/auth/oidc';

function failed(request: FastifyRequest, reply: FastifyReply, failure: SsoFailure): FastifyReply {
  request.log.warn({ sso_error: failure.code, reason: failure.message }, 'single sign-on failed');
  return reply.redirect(`/login?sso_error=${failure.code}`, 303);
}

/**
 * The browser's side of single sign-on: the button leads to `/auth/oidc/login`, which sends it
 * to the provider; the provider sends it back to `/auth/oidc/callback` (`<APP_URL>/auth/oidc/callback`,
 * the redirect URI registered there), which starts our session and goes home, or goes to the
 * sign-in screen with the reason and no session. Mounted only when OIDC_ISSUER is configured.
 */
export function installOidcRoutes(
  app: FastifyInstance,
  options: { config: ServerConfig; db: Database },
): void {
  const { config, db } = options;
  const oidc = config.oidc;
  const appUrl = config.appUrl;
  if (!oidc || appUrl === undefined) return;
  const cookieOptions = (request: FastifyRequest) => ({
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET, which carries it.
    sameSite: 'lax' as const,
    secure: servedOverHttps(request),
  });

  app.get('/auth/oidc/login', async (request, reply) => {
    try {
      const { url, handle } = await startSignIn(db, oidc);
      reply.setCookie(SIGN_IN_COOKIE, handle, { ...cookieOptions(request), maxAge: SIGN_IN_MINUTES * 60 });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (error) {
      if (error instanceof SsoFailure) return failed(request, reply, error);
      throw error;
    }
  });

  app.get('/auth/oidc/callback', async (request, reply) => {
    const handle = request.cookies[SIGN_IN_COOKIE];
    reply.clearCookie(SIGN_IN_COOKIE, cookieOptions(request));
    reply.header('cache-control', 'no-store');
    try {
      // The URL the provider redirected to, on APP_URL: never built from the Host header.
      const callbackUrl = new URL(request.url, `${appUrl}/`);
      const identity = await finishSignIn(db, oidc, handle, callbackUrl);
      const user = await accountFor(db, oidc, identity);
      // A fresh session (no fixation); one this browser had ends. The provider did the second
      // factor, so our TOTP step is not asked.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await destroySession(db, sha256(previous));
      const session = await startSession(db, user.id, false, identity.idToken);
      setSessionCookie(request, reply, session);
      setXsrfCookie(request, reply, session.xsrfToken);
      return reply.redirect('/', 303);
    } catch (error) {
      if (error instanceof SsoFailure) return failed(request, reply, error);
      throw error;
    }
  });
}
