import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { useAbility } from '@casl/react';
import type { AbilityAction, AbilitySubject } from '../../generated/model';

export type AppAbility = MongoAbility<[AbilityAction, AbilitySubject]>;
export type AppRule = RawRuleOf<AppAbility>;

/**
 * One ability for the whole app (provided with @casl/react's AbilityProvider).
 * It starts empty, so nothing is allowed until the server's rules arrive.
 */
export const ability: AppAbility = createMongoAbility<[AbilityAction, AbilitySubject]>();

/** Replaces, never merges: docs/product.md#roles says fetched rules replace the current ones. */
export function replaceAbilityRules(rules: AppRule[]): void {
  ability.update(rules);
}

/** Typed access to the provided ability; re-renders when its rules change. */
export const useAppAbility = (): AppAbility => useAbility<AppAbility>();

/**
 * Whether the user may do this to any record of the type, not only to some (a rule
 * without conditions). Navigation uses it: a user who may read only their own User
 * should not be offered the user list.
 */
export function canOnEvery(target: AppAbility, action: AbilityAction, subject: AbilitySubject): boolean {
  const rule = target.relevantRuleFor(action, subject);
  return rule !== null && !rule.inverted && rule.conditions === undefined;
}
