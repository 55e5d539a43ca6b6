import type { ParityClient } from './parity-client';

/** One backend the parity scenarios run against: mock mode's MSW handlers or the real server. */
export interface ParityDriver {
  /** An admin account the backend boots with. */
  admin: { email: string; password: string };
  /** A fresh browser: no cookies, nobody signed in. */
  client(): ParityClient;
}
