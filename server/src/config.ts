import { isIP } from 'node:net';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL + PostGIS when set; otherwise the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Public origin for mailed links; the request origin when unset. */
  appUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoSeed: boolean;
  /** Directory with the built client (index.html + assets). */
  clientDir: string;
  /** Largest accepted request body in bytes; bigger gives 413. */
  bodyLimit: number;
  /** Longest a client may take to send a request's headers, in all; then 408 and the connection closes. */
  headersTimeoutMs: number;
  /** Longest a client may take to send a whole request (headers and body, uploads too). */
  requestTimeoutMs: number;
  /** How long a job claim holds without a progress report; then another instance may take it. */
  jobLeaseMs: number;
  /** How often an idle worker looks for jobs. */
  jobPollMs: number;
  /**
   * Which proxies may set X-Forwarded-*: false (none), a hop count, or their addresses/CIDRs.
   * Never "any": a client could then pick its own IP and defeat the per-IP limits.
   */
  trustProxy: false | number | string[];
  /** `open`: anyone may register (and must confirm the address by mail); `closed`: admins create accounts. */
  registration: 'open' | 'closed';
  /** Requests per minute one IP may make to the sign-in, registration and reset routes. */
  authRateLimit: number;
  logLevel: string;
  /**
   * Test mode for contract verification (PACT_PROVIDER_STATES=1): mounts the provider-state
   * endpoint, which creates accounts and sessions on request. Refused with NODE_ENV=production.
   */
  pactProviderStates: boolean;
  /** `EMBED_ORIGINS`: the origins whose pages may frame `/embed/{map_id}` (its `frame-ancestors`). */
  embedOrigins: string[];
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (nonEmpty(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

/** `TRUST_PROXY`: unset/0 trusts nobody, an integer is a hop count, otherwise addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = nonEmpty(value)?.trim();
  if (text === undefined || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address = '', prefix] = entry.split('/');
    return isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
  };
  if (!entries.every(valid))
    throw new Error(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs, got "${text}"`,
    );
  return entries;
}

/**
 * Fastify's own option, from TRUST_PROXY. Fastify 5.12 ignores a bare hop count (it trusts
 * nothing then), so a count becomes the function older releases built: the socket peer and
 * the n-1 entries before it are proxies. An address list is stricter (a direct client cannot
 * pose as the proxy) and goes through as is.
 */
export function fastifyTrustProxy(
  trust: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

function registration(value: string | undefined): 'open' | 'closed' {
  const text = nonEmpty(value)?.trim().toLowerCase() ?? 'closed';
  if (text !== 'open' && text !== 'closed')
    throw new Error(`REGISTRATION must be "open" or "closed", got "${value ?? ''}"`);
  return text;
}

function pactProviderStates(env: Env): boolean {
  const value = nonEmpty(env.PACT_PROVIDER_STATES)?.trim();
  if (value === undefined || value === '0') return false;
  if (value !== '1') throw new Error(`PACT_PROVIDER_STATES must be "1" or "0", got "${value}"`);
  if (env.NODE_ENV === 'production')
    throw new Error(
      'PACT_PROVIDER_STATES=1 mounts an endpoint that signs anyone in; it is for contract verification on a throwaway database and is refused with NODE_ENV=production',
    );
  return true;
}

/** A CSP source an origin list may hold: `https://maps.example.com`, `https://*.example.org:8443`. */
const EMBED_ORIGIN = /^https?:\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/;

function embedOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(/\s+/).filter((origin) => origin !== '');
  for (const origin of origins)
    if (!EMBED_ORIGIN.test(origin))
      throw new Error(
        `EMBED_ORIGINS must list origins such as https://maps.example.com, separated by spaces; got "${origin}"`,
      );
  return origins;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): ServerConfig {
  const dataDir = path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? './data');
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    appUrl: nonEmpty(env.APP_URL)?.replace(/\/+$/, ''),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Atlasboard <no-reply@atlasboard.local>',
    mailDir: path.resolve(cwd, nonEmpty(env.MAIL_DIR) ?? path.join(dataDir, 'mail')),
    adminEmail: nonEmpty(env.ADMIN_EMAIL),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    demoSeed: env.DEMO_SEED !== '0',
    clientDir: path.resolve(cwd, nonEmpty(env.CLIENT_DIR) ?? 'dist'),
    bodyLimit: integer(env.BODY_LIMIT, 1024 * 1024, 'BODY_LIMIT'),
    headersTimeoutMs: integer(env.HEADERS_TIMEOUT_MS, 10_000, 'HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: integer(env.REQUEST_TIMEOUT_MS, 300_000, 'REQUEST_TIMEOUT_MS'),
    jobLeaseMs: integer(env.JOB_LEASE_MS, 60_000, 'JOB_LEASE_MS'),
    jobPollMs: integer(env.JOB_POLL_MS, 1_000, 'JOB_POLL_MS'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    registration: registration(env.REGISTRATION),
    authRateLimit: integer(env.AUTH_RATE_LIMIT, 60, 'AUTH_RATE_LIMIT'),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    pactProviderStates: pactProviderStates(env),
    embedOrigins: embedOrigins(env.EMBED_ORIGINS),
  };
}
