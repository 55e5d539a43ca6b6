import type { FastifyRequest } from 'fastify';

/** A personal access token sent with the request, as scripts, QGIS and GDAL send it. */
export interface TokenCredentials {
  scheme: 'bearer' | 'basic';
  token: string;
  /** HTTP Basic names the account (`email:token`); Bearer does not. */
  email: string | undefined;
}

/**
 * Reads `Authorization: Bearer <token>` or `Authorization: Basic base64(email:token)`.
 * undefined: no Authorization header, so the cookie path applies unchanged. 'malformed': a
 * header that is there but cannot carry a token, refused like a wrong token rather than
 * silently ignored (a script that thinks it is signed in should hear that it is not).
 */
export function readTokenCredentials(request: FastifyRequest): TokenCredentials | 'malformed' | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match) return 'malformed';
  const scheme = (match[1] ?? '').toLowerCase();
  const value = match[2] ?? '';
  if (scheme === 'bearer') return { scheme: 'bearer', token: value, email: undefined };
  if (scheme !== 'basic') return 'malformed';
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  // RFC 7617: the user-id cannot hold a colon, so the first one ends it.
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return 'malformed';
  return { scheme: 'basic', token: decoded.slice(colon + 1), email: decoded.slice(0, colon) };
}
