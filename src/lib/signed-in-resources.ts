import { useSyncExternalStore } from 'react';
import type { AppAbility, AppRule } from './ability';
import { loadSignedInTexts } from './locale-resources';
import { loadLazyModule } from './preload-error';

type AbilityModule = typeof import('./ability');

/**
 * What only a signed-in person needs, fetched after sign-in instead of with /login
 * (docs/architecture.md#first-load): CASL with the one ability, and the signed-in screens' texts.
 * The session loads them before it marks someone signed in, so a signed-in screen never waits.
 */
let abilityModule: AbilityModule | undefined;
/** Whether the server's rules have been put in once: before that, the ability answers "no" to everything. */
let rulesReceived = false;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();
/** Bumped on every change (module loaded, rules in, rules changed): what hooks re-render on. */
let version = 0;
const notify = () => {
  version += 1;
  listeners.forEach((listener) => listener());
};

export function loadSignedInResources(): Promise<void> {
  loading ??= Promise.all([loadLazyModule(() => import('./ability')), loadSignedInTexts()]).then(
    ([loaded]) => {
      abilityModule = loaded;
      loaded.ability.on('updated', notify);
      notify();
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The server's rules; before sign-in there is nothing to replace (nothing is allowed yet). */
export async function replaceAbilityRules(rules: AppRule[]): Promise<void> {
  if (!abilityModule && rules.length === 0) {
    // No rules, no need for CASL yet; a screen that needs the ability loads it (SignedInScope).
    rulesReceived = true;
    notify();
    return;
  }
  await loadSignedInResources();
  rulesReceived = true;
  abilityModule?.replaceAbilityRules(rules);
}

/** Forgets the rules at once (sign-out), if they were ever loaded. */
export function clearAbilityRules(): void {
  abilityModule?.replaceAbilityRules([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const versionSnapshot = () => version;

/**
 * For tests, which render as the app does after its start-up check: whatever rules they set
 * (none, or a mock sign-in's) count as the server's.
 */
export function markRulesReceived(): void {
  rulesReceived = true;
  notify();
}

/**
 * The ability module once signed-in resources are loaded and the server's rules are in
 * (re-rendering when they change), else undefined: until then nothing can be decided, and a
 * guard that read "no" from an empty ability would send a signed-in person away.
 */
export function useAbilityModule(): AbilityModule | undefined {
  useSyncExternalStore(subscribe, versionSnapshot);
  return rulesReceived ? abilityModule : undefined;
}

/** The ability once signed-in resources are loaded (re-rendering when its rules change), else undefined. */
export function useLoadedAbility(): AppAbility | undefined {
  return useAbilityModule()?.ability;
}
