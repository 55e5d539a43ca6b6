import type { CesiumWidget } from 'cesium';
import type { LayerSourceModel, MapLayerModel } from '../layer-model';
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
  const mounted = new Map<string, Entry>();
  const remove = (key: string, entry: Entry) => {
    removeMounted(viewer, entry.mounted);
    mounted.delete(key);
  };
  return {
    sync(models: readonly MapLayerModel[]): void {
      const wanted = new Set(models.map((model) => model.key));
      for (const [key, entry] of mounted) if (!wanted.has(key)) remove(key, entry);
      for (const model of models) {
        const signature = signatureOf(model.source);
        let entry = mounted.get(model.key);
        if (entry && entry.signature !== signature) {
          remove(model.key, entry);
          entry = undefined;
        }
        if (!entry) {
          const create = registry[model.source.kind].create as (
            v: CesiumWidget,
            m: MapLayerModel,
          ) => CesiumMounted;
          entry = { mounted: create(viewer, model), signature };
          mounted.set(model.key, entry);
        }
        updateMounted(viewer, entry.mounted, model);
      }
      // Imagery stacks by the model's order; entities and tilesets are 3D and need none.
      [...models]
        .sort((a, b) => a.zIndex - b.zIndex)
        .forEach((model) => {
          const entry = mounted.get(model.key);
          if (entry?.mounted.type === 'imagery') viewer.imageryLayers.raiseToTop(entry.mounted.layer);
        });
    },
    /** Whether every feature layer has been turned into primitives (for tests and screenshots). */
    ready(): boolean {
      return [...mounted.values()].every(
        (entry) => entry.mounted.type !== 'entities' || !entry.mounted.source.isLoading,
      );
    },
    dispose(): void {
      for (const [key, entry] of mounted) remove(key, entry);
    },
  };
}
