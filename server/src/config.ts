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
  /** How long a job claim holds without a progress report; then another instance may take it. */
  jobLeaseMs: number;
  /** How often an idle worker looks for jobs. */
  jobPollMs: number;
  trustProxy: boolean;
  logLevel: string;
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
    jobLeaseMs: integer(env.JOB_LEASE_MS, 60_000, 'JOB_LEASE_MS'),
    jobPollMs: integer(env.JOB_POLL_MS, 1_000, 'JOB_POLL_MS'),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
  };
}
