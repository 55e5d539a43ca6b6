import type { AuthState } from '../http/request-auth.ts';

/** The ids of the maps the caller reads; undefined for an admin, who reads every map. */
export function readableMapIds(auth: Pick<AuthState, 'user' | 'access'>): number[] | undefined {
  if (auth.user?.type === 'admin') return undefined;
  return [...auth.access.roles.keys()];
}
