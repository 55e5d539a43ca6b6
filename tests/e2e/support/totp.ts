import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;

function totpFor(secret: string): TOTP {
  // The product's TOTP (docs/decisions.md#totp): 6 digits, 30 s, SHA-1 as authenticator apps assume.
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: PERIOD_S });
}

/** The code an authenticator app would show right now. */
export function currentCode(secret: string): string {
  return totpFor(secret).generate();
}

/** Waits until the current step has `ms` left, so a code is not stale by the time it is submitted. */
async function awayFromStepEnd(ms = 4000): Promise<void> {
  const msLeft = PERIOD_S * 1000 - (Date.now() % (PERIOD_S * 1000));
  if (msLeft < ms) await new Promise((resolve) => setTimeout(resolve, msLeft + 250));
}

/** A code with a few seconds of life left in it, for the first use of a secret. */
export async function usableCode(secret: string): Promise<string> {
  await awayFromStepEnd();
  return currentCode(secret);
}

/**
 * A code the server has not seen yet: each code works once (docs/decisions.md#totp). The server
 * allows one step of clock drift either way, so the next step's code (what an authenticator app
 * whose clock runs a little ahead shows) is accepted at once; only if it happens to read the same
 * as `usedCode` does this wait for the next 30 s step.
 */
export async function freshCode(secret: string, usedCode: string): Promise<string> {
  await awayFromStepEnd();
  const current = currentCode(secret);
  if (current !== usedCode) return current;
  const next = totpFor(secret).generate({ timestamp: Date.now() + PERIOD_S * 1000 });
  if (next !== usedCode) return next;
  for (;;) {
    const msIntoStep = Date.now() % (PERIOD_S * 1000);
    await new Promise((resolve) => setTimeout(resolve, PERIOD_S * 1000 - msIntoStep + 250));
    await awayFromStepEnd();
    const code = currentCode(secret);
    if (code !== usedCode) return code;
  }
}
