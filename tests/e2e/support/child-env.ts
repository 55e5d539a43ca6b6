import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The environment for a child the tests start: this shell's, minus what the test runner
 * sets (NODE_ENV=test would change how Vite builds) and minus anything that would point the
 * product at another database or mail directory, plus `extra`.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // OIDC_*: single sign-on is what a file asks for (single-sign-on.test.ts), never this shell's.
    if (key.startsWith('VITEST') || key.startsWith('VITE_') || key.startsWith('OIDC_') || DROPPED.has(key))
      continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

const DROPPED = new Set([
  'NODE_ENV',
  'TEST',
  'FORCE_COLOR',
  'DATABASE_URL',
  'MAIL_DIR',
  'APP_URL',
  'SMTP_URL',
  'PORT',
  'DATA_DIR',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO_SEED',
  'HOST',
  'CLIENT_DIR',
  'MAIL_FROM',
  'REGISTRATION',
  'TRUST_PROXY',
  'AUTH_RATE_LIMIT',
  'PASSWORD_LOGIN',
]);
