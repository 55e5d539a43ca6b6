import type { FastifyInstance } from 'fastify';

/**
 * Browser security headers on every answer (OWASP ASVS V3.4). The app's policy allows what the
 * map engines need: web workers and WASM, blob: and data: images (canvas exports, icons), remote
 * https tiles and sources (OSM / XYZ basemaps, WMS, GeoJSON and 3D Tiles URLs a layer names).
 * Inline styles stay allowed because OpenLayers and react-aria set positioning styles at run time;
 * scripts are our own only. An answer that set its own policy (attachments, the API docs) keeps it.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data: https:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years, as the HSTS preload list asks; only ever sent over HTTPS. */
const HSTS = 'max-age=63072000; includeSubDomains';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', APP_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    // For browsers that predate frame-ancestors.
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)');
    // request.protocol honours X-Forwarded-Proto only behind a trusted proxy (TRUST_PROXY=1).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
