import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument } from '../openapi/document.ts';

/**
 * The API reference for people, at /api/docs: Redoc rendering the bundled document, served from
 * this server (its standalone bundle ships in the npm package), so it works offline. Not an
 * operation of the document: it describes the document.
 */
const REDOC_BUNDLE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('redoc/package.json')),
  'bundles/redoc.standalone.js',
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Atlasboard API</title>
  </head>
  <body>
    <div id="redoc"></div>
    <script src="/api/docs/redoc.standalone.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;

// A file rather than an inline script, so the page's policy needs no 'unsafe-inline' for scripts.
const START = `Redoc.init('/api/docs/openapi.json', { hideDownloadButton: false, expandResponses: '200,201' },
  document.getElementById('redoc'));`;

// Redoc injects its styles and runs its search index in a blob: worker.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function serveApiDocs(app: FastifyInstance, document: OpenApiDocument): void {
  let bundle: Buffer | undefined;
  const json = JSON.stringify(document);
  const files: Record<string, [type: string, body: () => string | Buffer]> = {
    '/api/docs': ['text/html; charset=utf-8', () => PAGE],
    '/api/docs/start.js': ['text/javascript; charset=utf-8', () => START],
    '/api/docs/openapi.json': ['application/json', () => json],
    '/api/docs/redoc.standalone.js': [
      'text/javascript; charset=utf-8',
      () => (bundle ??= readFileSync(REDOC_BUNDLE)),
    ],
  };
  for (const [url, [type, body]] of Object.entries(files)) {
    app.get(url, async (_request, reply) =>
      reply
        .type(type)
        .header('Content-Security-Policy', DOCS_CSP)
        .header('Cache-Control', 'no-cache')
        .send(body()),
    );
  }
}
