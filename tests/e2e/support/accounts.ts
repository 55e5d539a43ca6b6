import { randomBytes } from 'node:crypto';
import type { Account } from './api';

/** A person no other test uses, with a password made for this run only. */
export function uniqueAccount(label: string): Account {
  const suffix = randomBytes(4).toString('hex');
  return {
    name: `${label} ${suffix}`,
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}@example.com`,
    password: `pw-${randomBytes(10).toString('hex')}`,
  };
}
