import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { tooManyAttempts } from '../http/http-error.ts';

/** The guest routes that take a password, a code, an address or a token. */
export const AUTH_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/login2fa',
  '/register',
  '/api/forget-password',
  '/api/reset-password',
  '/api/verify-email',
]);

/** The guest GETs of signing in: the single sign-on routes the browser is sent to, and the screen's options. */
export const SSO_PATHS: ReadonlySet<string> = new Set([
  '/auth/oidc/login',
  '/auth/oidc/callback',
  '/api/auth/providers',
]);

function isAuthRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  if (request.method === 'GET') return SSO_PATHS.has(url);
  return request.method === 'POST' && AUTH_PATHS.has(url);
}

/**
 * A per-IP ceiling on the auth routes, whatever the email (the database counters are per
 * account and per email + IP). request.ip honours X-Forwarded-For only as far as TRUST_PROXY
 * allows, so a client cannot rotate it. Registered before the routes: the plugin hooks each
 * route as it is added.
 */
export async function installAuthRateLimit(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.authRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    allowList: (request) => !isAuthRoute(request),
    errorResponseBuilder: (_request, context) => tooManyAttempts(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
