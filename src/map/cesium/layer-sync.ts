import type { CesiumWidget } from 'cesium';
import type { LayerSourceModel, MapLayerModel } from '../layer-model';
import { createLayerReconciler } from '../layer-reconcile';
import { removeMounted, updateMounted, type CesiumLayerRegistry, type CesiumMounted } from './layer-types';

type Entry = { mounted: CesiumMounted; signature: string };

const collectionIds = new WeakMap<object, number>();
let nextCollectionId = 0;

/** The source identity; a loaded collection is known by its object (a refetch brings a new one). */
function signatureOf(source: LayerSourceModel): string {
  if (source.kind !== 'feature-collection') return JSON.stringify(source);
  let id = collectionIds.get(source.data);
  if (id === undefined) {
    nextCollectionId += 1;
    id = nextCollectionId;
    collectionIds.set(source.data, id);
  }
  return `feature-collection:${id}`;
}

/** Keeps a Cesium viewer's layers equal to a list of layer models, as the 2D layer sync does. */
export function createCesiumLayerSync(viewer: CesiumWidget, registry: CesiumLayerRegistry) {
  const layers = createLayerReconciler<Entry>({
    fits: (entry, model) => entry.signature === signatureOf(model.source),
    create: (model) => {
      const create = registry[model.source.kind].create as (
        v: CesiumWidget,
        m: MapLayerModel,
      ) => CesiumMounted;
      const entry = { mounted: create(viewer, model), signature: signatureOf(model.source) };
      updateMounted(viewer, entry.mounted, model);
      return entry;
    },
    keep: (entry, model) => updateMounted(viewer, entry.mounted, model),
    remove: (entry) => removeMounted(viewer, entry.mounted),
  });
  return {
    sync(models: readonly MapLayerModel[]): void {
      layers.sync(models);
      // Imagery stacks by the model's order; entities and tilesets are 3D and need none.
      [...models]
        .sort((a, b) => a.zIndex - b.zIndex)
        .forEach((model) => {
          const entry = layers.mounted.get(model.key);
          if (entry?.mounted.type === 'imagery') viewer.imageryLayers.raiseToTop(entry.mounted.layer);
        });
    },
    /** Whether every feature layer has been turned into primitives (for tests and screenshots). */
    ready(): boolean {
      return [...layers.mounted.values()].every(
        (entry) => entry.mounted.type !== 'entities' || !entry.mounted.source.isLoading,
      );
    },
    dispose: layers.dispose,
  };
}
