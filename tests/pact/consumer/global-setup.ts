import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CONTRACTS_DIR } from './pact';

/** Pact merges into an existing file, so interactions removed from the tests would linger without this. */
export default function removeStalePacts(): void {
  mkdirSync(CONTRACTS_DIR, { recursive: true });
  for (const name of readdirSync(CONTRACTS_DIR)) {
    if (name.endsWith('.json')) rmSync(path.join(CONTRACTS_DIR, name));
  }
}
