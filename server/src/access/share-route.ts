import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { findShareLink, setShareCookie } from './share-links.ts';

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Atlasboard</title></head>
<body><main><h1>This link does not open anything</h1><p>It may have been revoked or have expired.
Ask whoever shared it for a new one.</p><p><a href="/login">Sign in</a></p></main></body></html>`;

/**
 * `GET /s/{secret}`: a live share link sets the cookie of a session that reads that one map as a
 * viewer (request-auth.ts looks the secret up again on every request, so revoking or expiry holds
 * on the next one) and goes to the map's viewer. The redirect is a path on this server, never
 * built from the request's Host. A dead link gets a plain page, with no hint whether it ever was.
 */
export function installShareLinkRoute(app: FastifyInstance, db: Queryable): void {
  app.get<{ Params: { secret: string } }>('/s/:secret', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const link = await findShareLink(db, request.params.secret);
    if (!link) return reply.status(404).type('text/html').send(NOT_FOUND_PAGE);
    setShareCookie(request, reply, request.params.secret);
    return reply.redirect(`/maps/${link.mapId}/show`, 303);
  });
}
