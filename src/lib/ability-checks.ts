import type { AbilityAction, AbilitySubject } from '../../generated/model';
import type { AppAbility } from './ability';

/**
 * Whether the user may do this to any record of the type, not only to some (a rule
 * without conditions). Navigation uses it: a user who may read only their own User
 * should not be offered the user list. Apart from ability.ts so the header can ask
 * without loading CASL for a guest.
 */
export function canOnEvery(target: AppAbility, action: AbilityAction, subject: AbilitySubject): boolean {
  const rule = target.relevantRuleFor(action, subject);
  return rule !== null && !rule.inverted && rule.conditions === undefined;
}
