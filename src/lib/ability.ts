import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { useAbility } from '@casl/react';
import type { AbilityAction, AbilitySubject } from '../../generated/model';

export type AppAbility = MongoAbility<[AbilityAction, AbilitySubject]>;
export type AppRule = RawRuleOf<AppAbility>;

/**
 * One ability for the whole app (provided with @casl/react's AbilityProvider to the signed-in
 * routes). It starts empty, so nothing is allowed until the server's rules arrive. Loaded
 * after sign-in only, through signed-in-resources.ts (docs/architecture.md#first-load).
 */
export const ability: AppAbility = createMongoAbility<[AbilityAction, AbilitySubject]>();

/** Replaces, never merges: docs/product.md#roles says fetched rules replace the current ones. */
export function replaceAbilityRules(rules: AppRule[]): void {
  ability.update(rules);
}

/** Typed access to the provided ability; re-renders when its rules change. */
export const useAppAbility = (): AppAbility => useAbility<AppAbility>();

export { canOnEvery } from './ability-checks';
// Here, not in the guards, so a guest's page does not fetch @casl/react either.
export { AbilityProvider } from '@casl/react';
