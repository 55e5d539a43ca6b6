import type { QueryClient } from '@tanstack/react-query';
import { getGetAbilitiesQueryOptions, getGetCurrentUserQueryOptions } from '../../generated/api/auth/auth';
import { useAuthStore } from '../stores/auth-store';
import { replaceAbilityRules, type AppRule } from './ability';

/**
 * Asks the server who is signed in and what they may do (SPEC §4, §6): at start,
 * after login and after the own profile changes. Any failure means signed out.
 * Returns whether a user is signed in.
 */
export async function refreshSession(queryClient: QueryClient): Promise<boolean> {
  try {
    const current = await queryClient.fetchQuery({ ...getGetCurrentUserQueryOptions(), staleTime: 0 });
    const rules = await queryClient.fetchQuery({ ...getGetAbilitiesQueryOptions(), staleTime: 0 });
    replaceAbilityRules(rules as AppRule[]);
    useAuthStore.getState().signIn(current.data);
    return true;
  } catch {
    clearSession(queryClient);
    return false;
  }
}

/** Forgets the user locally: store, rules and every cached answer that belonged to them. */
export function clearSession(queryClient: QueryClient): void {
  useAuthStore.getState().signOut();
  replaceAbilityRules([]);
  queryClient.clear();
}
