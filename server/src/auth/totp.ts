import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Atlasboard';
const PERIOD = 30;

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The current code; used by tests and Pact provider states, never sent by the server. */
export function currentTotpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    timestamp,
  });
}

/**
 * The time step a code belongs to (±1 step of clock drift), or undefined. Callers accept a
 * step only if it is newer than the last accepted one, so each code works once.
 */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD, timestamp }) + delta;
}
