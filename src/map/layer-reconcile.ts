import type { MapLayerModel } from './layer-model';

/** How one engine makes, keeps and drops its own drawn layer for a layer model. */
export type MountedLayerHandlers<Entry> = {
  /** Whether the drawn layer can still show the model (the same source...); if not it is made anew. */
  fits(entry: Entry, model: MapLayerModel): boolean;
  /** Draws a new layer for the model. */
  create(model: MapLayerModel): Entry;
  /** Brings a kept layer up to date with the model (visibility, opacity, style...). */
  keep(entry: Entry, model: MapLayerModel): void;
  /** Takes the layer off the map and frees it. */
  remove(entry: Entry): void;
};

/**
 * The engine-neutral half of a layer sync: keeps the engine's drawn layers equal to a list of
 * layer models by key, removing the gone ones, remaking those that no longer fit, creating the
 * new ones and keeping the rest. Each engine says how through its handlers.
 */
export function createLayerReconciler<Entry>(handlers: MountedLayerHandlers<Entry>) {
  const mounted = new Map<string, Entry>();
  const remove = (key: string, entry: Entry) => {
    handlers.remove(entry);
    mounted.delete(key);
  };
  return {
    /** The drawn layers by model key. */
    mounted: mounted as ReadonlyMap<string, Entry>,
    sync(models: readonly MapLayerModel[]): void {
      const wanted = new Set(models.map((model) => model.key));
      for (const [key, entry] of mounted) if (!wanted.has(key)) remove(key, entry);
      for (const model of models) {
        const existing = mounted.get(model.key);
        if (existing && handlers.fits(existing, model)) {
          handlers.keep(existing, model);
          continue;
        }
        if (existing) remove(model.key, existing);
        mounted.set(model.key, handlers.create(model));
      }
    },
    dispose(): void {
      for (const [key, entry] of mounted) remove(key, entry);
    },
  };
}
