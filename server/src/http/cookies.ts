import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type StartedSession } from '../auth/sessions.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** HttpOnly, SameSite=Lax, Secure over HTTPS; a browser-session cookie unless "remember me". */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: StartedSession,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    ...(session.maxAgeSeconds !== undefined ? { maxAge: session.maxAgeSeconds } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
}

/** Readable by the page's JavaScript on purpose: axios echoes it in `X-XSRF-TOKEN`. */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(XSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: secure(request),
  });
}
