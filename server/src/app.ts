import { refuseWritesInThePast } from './features/as-of.ts';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { installAuthRateLimit } from './auth/auth-rate-limit.ts';
import { installOidcRoutes } from './auth/oidc-routes.ts';
import { startSessionCache } from './auth/session-cache.ts';
import { startAccessCache } from './access/access-cache.ts';
import { startMapCache } from './maps/map-cache.ts';
import { serveClient } from './client/serve-client.ts';
import { installShareLinkRoute } from './access/share-route.ts';
import { fastifyTrustProxy, type ServerConfig } from './config.ts';
import { setFeatureLimits } from './features/feature-limits.ts';
import type { Database } from './db/database.ts';
import { installBodyParsers } from './http/body-parsers.ts';
import { serveApiDocs } from './docs/api-docs.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { closeConnectionsWhenIdle } from './http/graceful-close.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { bindOperations, type OperationHandlers } from './openapi/bind-operations.ts';
import { servedDocument, type OpenApiDocument } from './openapi/document.ts';
import { handlers as defaultHandlers } from './routes/handlers.ts';
import { withoutOgcTrailingSlash } from './ogc/ogc-paths.ts';

export interface AppOptions {
  config: ServerConfig;
  db: Database;
  document?: OpenApiDocument;
  mailer?: Mailer;
  handlers?: OperationHandlers;
  /** false silences the request log (tests). */
  logger?: boolean;
}

/** The HTTP app over an open, migrated database; main.ts and the tests both build it here. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  setFeatureLimits(config.featureLimits);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // A slow client may not hold a connection open: the headers must arrive within
    // HEADERS_TIMEOUT_MS in all (each byte does not restart the clock), the whole request within
    // REQUEST_TIMEOUT_MS; Node checks every second rather than every 30 s, so the limits hold.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs || config.headersTimeoutMs),
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Routes come only from the document: no implicit HEAD twins, no trailing-slash or case aliases.
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    // OGC clients ask for `{root}/` (OWSLib, the OGC test suite): the OGC API reads a trailing
    // slash as none, so they get the same JSON, never the app page.
    rewriteUrl: (request) => withoutOgcTrailingSlash(request.url ?? '/'),
  });
  installErrorHandler(app);
  closeConnectionsWhenIdle(app);
  refuseWritesInThePast(app);
  installBodyParsers(app);
  installSecurityHeaders(app, config.appUrl);
  await app.register(fastifyCookie);
  await installAuthRateLimit(app, config);
  // Multipart bodies are not read here: handlers that take files stream them (request.parts)
  // under their own limits, so uploads are not held to BODY_LIMIT or kept in memory.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  // JSON is UTF-8 by definition (RFC 8259 defines no charset parameter), so answers say plain
  // `application/json`, which strict matchers (Pact's Content-Type regex) expect.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /^application\/json;\s*charset=utf-8$/i.test(type))
      reply.header('content-type', 'application/json');
    return payload;
  });
  if (config.instanceName !== undefined) {
    // Set by the operator to tell instances apart behind a balancer (the several-instances test reads it).
    const name = config.instanceName;
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('X-Instance', name);
    });
  }
  const document = options.document ?? servedDocument();
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom, log: app.log });
  await startSessionCache(db);
  await startAccessCache(db);
  await startMapCache(db);
  bindOperations(app, { config, db, mailer, document, log: app.log }, options.handlers ?? defaultHandlers);
  serveApiDocs(app, document);
  installOidcRoutes(app, { config, db });
  if (config.pactProviderStates) {
    const { installProviderStates } = await import('./provider-states/provider-states-route.ts');
    installProviderStates(app, { db, dataDir: config.dataDir });
    app.log.warn('PACT_PROVIDER_STATES=1: the provider-state endpoint is mounted; use a throwaway database');
  }
  installShareLinkRoute(app, db);
  await serveClient(app, config.clientDir, { db, origins: config.embedOrigins });
  return app;
}
