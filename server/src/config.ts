import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_FEATURE_LIMITS, type FeatureLimits } from './features/feature-limits.ts';

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
  /** FEATURE_MAX_VERTICES, FEATURE_MAX_BYTES, ANSWER_MAX_BYTES (features/feature-limits.ts). */
  featureLimits: FeatureLimits;
  /** Where attachments, import uploads and export files live: DATA_DIR, or one bucket for every instance. */
  storage: StorageConfig;
  /** INSTANCE_NAME: when set, every answer carries `X-Instance` with it (to see which instance served). */
  instanceName: string | undefined;
  /** Single sign-on with an OpenID Connect provider; undefined when OIDC_ISSUER is unset. */
  oidc: OidcConfig | undefined;
  /** PASSWORD_LOGIN=off: only the provider signs in, except the first admin (ADMIN_EMAIL) for recovery. */
  passwordLogin: boolean;
  /** `EMBED_ORIGINS`: the origins whose pages may frame `/embed/{map_id}` (its `frame-ancestors`). */
  embedOrigins: string[];
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The button says "Sign in with <label>". */
  label: string;
  scopes: string;
  groupsClaim: string;
  adminGroups: string[];
  editorGroups: string[];
  /** `verified`: an existing account with the provider's address is linked if the provider verified it. */
  linkEmail: 'verified' | 'never';
  /** When set, the ID token's `acr` must be one of these (they are also asked for). */
  acrValues: string[];
  /** When set, the ID token's `amr` must hold at least one of these. */
  amrValues: string[];
  /** `<APP_URL>/auth/oidc/callback`, the URL to register at the provider. */
  redirectUri: string;
  /** Where the provider sends the browser after signing out there. */
  postLogoutRedirectUri: string;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** Empty for AWS itself; the address of a MinIO-like server otherwise. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      /** Both or neither; neither means the AWS SDK's default credential chain. */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

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

function positive(value: string | undefined, fallback: number, name: string): number {
  const parsed = integer(value, fallback, name);
  if (parsed < 1) throw new Error(`${name} must be at least 1, got "${value ?? ''}"`);
  return parsed;
}

function featureLimits(env: Env): FeatureLimits {
  const fallback = DEFAULT_FEATURE_LIMITS;
  return {
    vertices: positive(env.FEATURE_MAX_VERTICES, fallback.vertices, 'FEATURE_MAX_VERTICES'),
    bytes: positive(env.FEATURE_MAX_BYTES, fallback.bytes, 'FEATURE_MAX_BYTES'),
    answerBytes: positive(env.ANSWER_MAX_BYTES, fallback.answerBytes, 'ANSWER_MAX_BYTES'),
  };
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

function flag(value: string | undefined, name: string): boolean {
  const text = nonEmpty(value)?.trim().toLowerCase();
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new Error(`${name} must be "true" or "false", got "${value ?? ''}"`);
}

/** STORAGE and the S3_* settings; an incomplete s3 setting stops the start with the missing names. */
export function parseStorage(env: Env): StorageConfig {
  const kind = nonEmpty(env.STORAGE)?.trim().toLowerCase() ?? 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE must be "local" or "s3", got "${env.STORAGE ?? ''}"`);
  const bucket = nonEmpty(env.S3_BUCKET);
  if (bucket === undefined) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together; leave both unset to use the AWS default credential chain',
    );
  const endpoint = nonEmpty(env.S3_ENDPOINT)?.trim();
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  return {
    kind: 's3',
    endpoint,
    region: nonEmpty(env.S3_REGION)?.trim() ?? nonEmpty(env.AWS_REGION)?.trim() ?? 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, 'S3_FORCE_PATH_STYLE'),
  };
}

function list(value: string | undefined): string[] {
  return (nonEmpty(value) ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function onOff(value: string | undefined, name: string): boolean {
  const text = nonEmpty(value)?.trim().toLowerCase() ?? 'on';
  if (text !== 'on' && text !== 'off') throw new Error(`${name} must be "on" or "off", got "${value ?? ''}"`);
  return text === 'on';
}

/** OIDC_* settings; the redirect URI is built from APP_URL, never from a request's Host header. */
export function oidcConfig(env: Env, appUrl: string | undefined): OidcConfig | undefined {
  const issuer = nonEmpty(env.OIDC_ISSUER)?.trim();
  if (issuer === undefined) return undefined;
  try {
    new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's issuer URL, got "${issuer}"`);
  }
  const clientId = nonEmpty(env.OIDC_CLIENT_ID)?.trim();
  if (clientId === undefined) throw new Error('OIDC_ISSUER is set, so OIDC_CLIENT_ID must be too');
  if (appUrl === undefined)
    throw new Error(
      'OIDC_ISSUER is set, so APP_URL must be too: the redirect URI is <APP_URL>/auth/oidc/callback',
    );
  const linkEmail = nonEmpty(env.OIDC_LINK_EMAIL)?.trim().toLowerCase() ?? 'never';
  if (linkEmail !== 'verified' && linkEmail !== 'never')
    throw new Error(`OIDC_LINK_EMAIL must be "verified" or "never", got "${env.OIDC_LINK_EMAIL ?? ''}"`);
  return {
    issuer,
    clientId,
    clientSecret: nonEmpty(env.OIDC_CLIENT_SECRET),
    label: nonEmpty(env.OIDC_LABEL)?.trim() ?? 'single sign-on',
    scopes: list(env.OIDC_SCOPES ?? 'openid email profile').join(' ') || 'openid email profile',
    groupsClaim: nonEmpty(env.OIDC_GROUPS_CLAIM)?.trim() ?? 'groups',
    adminGroups: list(env.OIDC_ADMIN_GROUPS),
    editorGroups: list(env.OIDC_EDITOR_GROUPS),
    linkEmail,
    acrValues: list(env.OIDC_ACR_VALUES),
    amrValues: list(env.OIDC_AMR_VALUES),
    redirectUri: `${appUrl}/auth/oidc/callback`,
    postLogoutRedirectUri: `${appUrl}/login`,
  };
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
  const appUrl = nonEmpty(env.APP_URL)?.replace(/\/+$/, '');
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    appUrl,
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
    featureLimits: featureLimits(env),
    storage: parseStorage(env),
    instanceName: nonEmpty(env.INSTANCE_NAME)?.trim(),
    oidc: oidcConfig(env, appUrl),
    passwordLogin: onOff(env.PASSWORD_LOGIN, 'PASSWORD_LOGIN'),
    embedOrigins: embedOrigins(env.EMBED_ORIGINS),
  };
}
