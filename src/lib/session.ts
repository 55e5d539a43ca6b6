import type { QueryClient } from '@tanstack/react-query';
import { getGetAbilitiesQueryOptions, getGetCurrentUserQueryOptions } from '../../generated/api/auth/auth';
import { useAuthStore } from '../stores/auth-store';
import type { AppRule } from './ability';
import { clearAbilityRules, loadSignedInResources, replaceAbilityRules } from './signed-in-resources';

/**
 * Asks the server who is signed in and what they may do (docs/product.md#flows, docs/product.md#roles): at start,
 * after login and after the own profile changes. Any failure means signed out.
 * Returns whether a user is signed in. `atStart`: a guest's 401 is an answer, not a
 * reason to leave the page (guards still send them away from signed-in screens).
 */
export async function refreshSession(queryClient: QueryClient, { atStart = false } = {}): Promise<boolean> {
  const request = atStart ? { signInRedirect: false } : {};
  try {
    const current = await queryClient.fetchQuery({
      ...getGetCurrentUserQueryOptions({ request }),
      staleTime: 0,
    });
    const rules = await queryClient.fetchQuery({ ...getGetAbilitiesQueryOptions({ request }), staleTime: 0 });
    // CASL and the signed-in screens' texts arrive before anyone is marked signed in.
    await loadSignedInResources();
    await replaceAbilityRules(rules as AppRule[]);
    useAuthStore.getState().signIn(current.data);
    return true;
  } catch {
    // At start, a visitor the app did not take for signed in has only guest answers in the cache,
    // some perhaps still on their way (the sign-in screen's options): wiping it would cancel those
    // for good, and the screen would never show its single sign-on buttons.
    if (atStart && !useAuthStore.getState().authenticated) {
      clearAbilityRules();
      useAuthStore.getState().markAnswered();
    } else clearSession(queryClient);
    await takeGuestRules(queryClient);
    return false;
  }
}

/**
 * A guest's rules: none for most, the read of a public map or of a share link's map for some
 * (the server decides from the link's cookie). The map viewers open for a guest who has them.
 */
async function takeGuestRules(queryClient: QueryClient): Promise<void> {
  let rules: AppRule[] = [];
  try {
    const answer = await queryClient.fetchQuery({
      ...getGetAbilitiesQueryOptions({ request: { signInRedirect: false } }),
      staleTime: 0,
    });
    rules = answer as AppRule[];
  } catch {
    // Unreachable server: a guest with no rules, as before.
  }
  await replaceAbilityRules(rules).catch(() => undefined);
}

/** Forgets the user locally: store, rules and every cached answer that belonged to them. */
export function clearSession(queryClient: QueryClient): void {
  useAuthStore.getState().signOut();
  clearAbilityRules();
  queryClient.clear();
}
