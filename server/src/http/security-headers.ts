import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** APP_URL is https: the public address is https whatever the hop to this process is. */
    httpsOrigin: boolean;
  }
}

/**
 * Whether the browser reached us over HTTPS: an https APP_URL says so for every request (a
 * proxy in front need not be declared in TRUST_PROXY for the cookies to be Secure), and so does
 * the request itself (TLS here, or X-Forwarded-Proto from a trusted proxy).
 */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.server.httpsOrigin || request.protocol === 'https';
}

/**
 * Browser security headers on every answer (OWASP ASVS V3.4). The app's policy allows what the
 * map engines need: web workers and WASM, blob: and data: images (canvas exports, icons), remote
 * https tiles and sources (OSM / XYZ basemaps, WMS, GeoJSON and 3D Tiles URLs a layer names).
 * Inline styles stay allowed because OpenLayers and react-aria set positioning styles at run time;
 * scripts are our own only. An answer that set its own policy (attachments, the API docs) keeps it.
 */
const APP_DIRECTIVES = [
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
];
export const APP_CSP = [...APP_DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/**
 * The one page another site may frame: `/embed/{map_id}`, by the origins `EMBED_ORIGINS` names
 * (none: it is framed by no one, like every other page).
 */
export function embedCsp(origins: readonly string[]): string {
  const ancestors = origins.length > 0 ? origins.join(' ') : "'none'";
  return [...APP_DIRECTIVES, `frame-ancestors ${ancestors}`].join('; ');
}

/** Two years, as the HSTS preload list asks; only ever sent over HTTPS. */
const HSTS = 'max-age=63072000; includeSubDomains';

export function installSecurityHeaders(app: FastifyInstance, appUrl: string | undefined): void {
  app.decorate('httpsOrigin', appUrl?.toLowerCase().startsWith('https://') ?? false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', APP_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    // For browsers that predate frame-ancestors; left off the embed page when it names origins
    // (X-Frame-Options cannot list them, and browsers that know frame-ancestors ignore it).
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    if (!/frame-ancestors (?!'none')/.test(policy)) reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)');
    // request.protocol honours X-Forwarded-Proto only behind a trusted proxy (TRUST_PROXY=1).
    if (servedOverHttps(request)) reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
