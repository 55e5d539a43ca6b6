import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { clearSessionCookie } from './cookies.ts';
import { csrfMismatch, forbidden, unauthenticated } from './http-error.ts';
import { csrfPasses, loadAuth, type AuthState } from './request-auth.ts';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a browser says about where a request came from; scripts, QGIS and GDAL send nothing. */
const OWN_SITE: ReadonlySet<string> = new Set(['same-origin', 'none']);

/**
 * Operations a token may never call, whatever its abilities: making or revoking tokens and the
 * second factor stay with a signed-in browser, so a leaked token cannot entrench itself.
 */
export const SESSION_ONLY_OPERATIONS: ReadonlySet<string> = new Set([
  'createUserToken',
  'deleteUserToken',
  'startTwoFactor',
  'confirmTwoFactor',
  'disableTwoFactor',
  'logout',
]);

export interface AuthenticateOptions {
  /** 401 without a user (a session cookie or a token). */
  signedIn: boolean;
  /** The operation, for SESSION_ONLY_OPERATIONS. */
  operationId?: string;
  /**
   * The operation changes no data, whatever its method (the document's GETs and its
   * `x-read-only-operations`): a read token may call it. Unset: only GET/HEAD/OPTIONS are.
   */
  readOnly?: boolean;
}

/**
 * The one gate for "who is asking" on every route that takes a user: the document's operations
 * (bindOperations) and routes outside it (`/ogc/**`) call it from `onRequest`, then read
 * `request.auth` (user, CASL ability, token). A session cookie gets the CSRF check (419) on
 * state-changing methods, as before. A personal access token (Bearer or Basic) gets none, since
 * nothing about it is ambient; instead a read-only token is 403 on anything that changes data
 * (by what the operation does, not its method: see `readOnly`), and its CASL ability can no longer create, update or delete, so object
 * rules narrow it further. A wrong, expired or revoked token was already 401 in loadAuth.
 */
export async function authenticateRequest(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  options: AuthenticateOptions,
): Promise<AuthState> {
  const auth = await loadAuth(db, request);
  request.auth = auth;
  // A dead session cookie is dropped, so the browser stops sending it.
  if (auth.staleSession) clearSessionCookie(request, reply);
  const safe = SAFE_METHODS.has(request.method);
  if (auth.token) {
    if (options.operationId !== undefined && SESSION_ONLY_OPERATIONS.has(options.operationId))
      throw forbidden();
    if (!(options.readOnly ?? safe) && !auth.token.abilities.includes('write')) throw forbidden();
    // Basic credentials are the one kind a browser replays by itself (typed into an address);
    // another site's page must not write with them.
    const site = request.headers['sec-fetch-site'];
    if (!safe && auth.tokenScheme === 'basic' && typeof site === 'string' && !OWN_SITE.has(site))
      throw forbidden();
  } else if (!safe && !csrfPasses(request, auth)) throw csrfMismatch();
  if (options.signedIn && !auth.user) throw unauthenticated();
  return auth;
}
