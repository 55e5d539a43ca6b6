import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { loadLazyModule } from '../lib/preload-error';

/**
 * A screen in its own chunk (React.lazy: the route tree needs no data router,
 * docs/architecture.md#first-load). A failed chunk goes through loadLazyModule so the preload
 * error event fires (docs/product.md#errors).
 */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await loadLazyModule(load)) }));
}

/** A route's element for a screen in its own chunk. */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  return createElement(lazyComponent(load, pick));
}
