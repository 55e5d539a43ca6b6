import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { loadLazyModule } from '../lib/preload-error';

/**
 * A route's element for a screen in its own chunk (React.lazy: the route tree needs no data
 * router, docs/architecture.md#first-load). A failed chunk goes through loadLazyModule so the
 * preload error event fires (docs/product.md#errors).
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  const Screen = lazy(async () => ({ default: pick(await loadLazyModule(load)) }));
  return createElement(Screen);
}
