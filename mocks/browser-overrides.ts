import { applyPreset, overrideStore } from './override-handlers';
import { formatOverrides, isPresetName, parseOverrides, PRESETS, type MockOverride } from './overrides';

/** What `window.__atlasboardMock` offers in mock mode (documented in mocks/README.md). */
export interface MockControls {
  /** The overrides in force, as `?mock=` text. */
  list(): string;
  /** Adds overrides written as `?mock=` text (`listMaps:503,getMap:200:3000:once`) or preset names. */
  add(text: string): MockOverride[];
  /** Replaces every override with these. */
  set(text: string): MockOverride[];
  clear(): void;
  preset(name: string): void;
  presets: readonly string[];
}

declare global {
  interface Window {
    __atlasboardMock?: MockControls;
  }
}

function addText(text: string): MockOverride[] {
  const entries = text.split(',').map((entry) => entry.trim());
  for (const name of entries.filter(isPresetName)) applyPreset(name);
  const { overrides, rejected } = parseOverrides(entries.filter((entry) => !isPresetName(entry)).join(','));
  if (rejected.length > 0)
    console.warn(
      `Mock overrides not understood (operationId:status[:delayMs][:once]): ${rejected.join(', ')}`,
    );
  overrideStore.add(...overrides);
  return overrides;
}

/**
 * Mock mode start-up: the page's `?mock=` parameter joins this tab's overrides (then leaves the
 * address, so a reload does not add them twice), and `window.__atlasboardMock` is set up.
 */
export function installBrowserOverrides(): void {
  const url = new URL(window.location.href);
  const text = url.searchParams.get('mock');
  if (text !== null) {
    addText(text);
    url.searchParams.delete('mock');
    window.history.replaceState(window.history.state, '', url);
  }
  window.__atlasboardMock = {
    list: () => formatOverrides(overrideStore.list()),
    add: addText,
    set: (next) => {
      overrideStore.clear();
      return addText(next);
    },
    clear: () => overrideStore.clear(),
    preset: applyPreset,
    presets: Object.keys(PRESETS),
  };
}
