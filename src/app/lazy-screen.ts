import type { ComponentType } from 'react';
import { loadLazyModule } from '../lib/preload-error';

/**
 * A route's `lazy` for a screen in its own chunk. A failed chunk goes through
 * loadLazyModule so the preload error event fires (docs/product.md#errors).
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadLazyModule(load)) });
}
