import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { findShareLink, setShareCookie } from '../access/share-links.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { embedCsp } from '../http/security-headers.ts';

// The sign-in paths (/login, /register ...) are also client screens, so only /api and the OGC
// API (/ogc) are API-only for GETs: an OGC client never gets the app page.
function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return ['/api', '/ogc'].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const NOTICE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Atlasboard</title></head>
<body><main><h1>Atlasboard</h1><p>The API is running, but the web client has not been built yet.
Run <code>npm run build</code> and restart the server.</p></main></body></html>`;

/**
 * The built client from `clientDir`, with the SPA fallback: any other GET that is not an
 * API path gets index.html. Unknown API paths get the JSON 404.
 */
export async function serveClient(
  app: FastifyInstance,
  clientDir: string,
  embed: { db: Queryable; origins: readonly string[] },
): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  // The map alone, for an <iframe> on the sites EMBED_ORIGINS names (and only this page): a
  // public map needs nothing more; `?share=<secret>` of a live link to this map opens its session.
  const policy = embedCsp(embed.origins);
  app.get<{ Params: { map_id: string }; Querystring: { share?: unknown } }>(
    '/embed/:map_id',
    async (request, reply) => {
      reply.header('Content-Security-Policy', policy);
      reply.header('Cache-Control', 'no-store');
      const secret = request.query.share;
      if (typeof secret === 'string') {
        const link = await findShareLink(embed.db, secret);
        if (link && String(link.mapId) === request.params.map_id)
          setShareCookie(request, reply, secret, true);
      }
      if (hasClient) return reply.type('text/html').sendFile('index.html');
      return reply.type('text/html').send(NOTICE);
    },
  );
  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      if (hasClient) return reply.type('text/html').sendFile('index.html');
      return reply.type('text/html').send(NOTICE);
    }
    return reply.status(404).send(notFound().body(request));
  });
}
