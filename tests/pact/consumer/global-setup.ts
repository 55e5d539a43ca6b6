import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CONTRACTS_DIR } from './pact';

/** Pact merges into an existing file, so interactions removed from the tests would linger without this. */
export default function removeStalePacts(): void {
  // Set before any worker loads Pact's native library (pact.ts sets it too, per worker).
  process.env.PACT_DO_NOT_TRACK = 'true';
  mkdirSync(CONTRACTS_DIR, { recursive: true });
  for (const name of readdirSync(CONTRACTS_DIR)) {
    if (name.endsWith('.json')) rmSync(path.join(CONTRACTS_DIR, name));
  }
}
