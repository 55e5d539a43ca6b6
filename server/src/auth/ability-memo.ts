import { defineAbilityFor, type AbilityUser, type AppAbility } from './abilities.ts';

const byUser = new WeakMap<AbilityUser, AppAbility>();
const guest = defineAbilityFor(undefined);

/**
 * `defineAbilityFor`, built once per user row object: the session cache hands out the same
 * frozen row until that user or session changes, so a signed-in request builds no rules.
 * Abilities are only read (nothing calls `update` on them), so sharing one is safe.
 */
export function abilityOf(user: AbilityUser | undefined): AppAbility {
  if (!user) return guest;
  const known = byUser.get(user);
  if (known) return known;
  const ability = defineAbilityFor(user);
  byUser.set(user, ability);
  return ability;
}
