const RELOADED_KEY = 'atlasboard:preload-reload';

/**
 * A lazy route chunk that fails to load usually means a new build replaced the old
 * files. Reload once to pick up the new ones; the flag stops a reload loop when the
 * chunk is really gone (the route's error screen shows instead).
 */
export function installPreloadErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOADED_KEY) !== null) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
  });
}

/** Called when a lazy module did load, so a later failure may reload again. */
export function markPreloadHealthy(): void {
  sessionStorage.removeItem(RELOADED_KEY);
}

/** Wraps a dynamic import: on failure it dispatches the preload error event (docs/product.md#errors), then rethrows. */
export async function loadLazyModule<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    markPreloadHealthy();
    return module;
  } catch (error) {
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    throw error;
  }
}
