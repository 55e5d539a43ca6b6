import {
  buildModuleUrl,
  Cesium3DTileset,
  ImageryLayer,
  TileMapServiceImageryProvider,
  UrlTemplateImageryProvider,
  WebMapServiceImageryProvider,
  type CustomDataSource,
  type CesiumWidget,
} from 'cesium';
import type { LayerSourceKind, LayerSourceModel, MapLayerModel } from '../layer-model';
import { featureDataSource, styleFeatureEntities } from './feature-entities';

/** What a layer became in Cesium: imagery on the globe, entities, or a tileset primitive. */
export type CesiumMounted =
  | { type: 'imagery'; layer: ImageryLayer }
  | { type: 'entities'; source: CustomDataSource; styleSignature: string }
  | { type: 'tileset'; tileset: Cesium3DTileset | null; removed: boolean };

/** One layer type in the Cesium engine, beside the OpenLayers registry and driven by the same model. */
export type CesiumLayerType<K extends LayerSourceKind> = {
  create: (
    viewer: CesiumWidget,
    model: MapLayerModel & { source: Extract<LayerSourceModel, { kind: K }> },
  ) => CesiumMounted;
};

export type CesiumLayerRegistry = { [K in LayerSourceKind]: CesiumLayerType<K> };

function imagery(
  viewer: CesiumWidget,
  provider: Parameters<typeof ImageryLayer.fromProviderAsync>[0],
): CesiumMounted {
  const layer = ImageryLayer.fromProviderAsync(provider);
  viewer.imageryLayers.add(layer);
  return { type: 'imagery', layer };
}

function entities(viewer: CesiumWidget, source: CustomDataSource): CesiumMounted {
  void viewer.dataSources.add(source);
  return { type: 'entities', source, styleSignature: '' };
}

/** Applies what can change without a new source: visibility, opacity, style and emphasis. */
export function updateMounted(viewer: CesiumWidget, mounted: CesiumMounted, model: MapLayerModel): void {
  if (mounted.type === 'imagery') {
    mounted.layer.show = model.visible;
    mounted.layer.alpha = model.opacity;
  } else if (mounted.type === 'entities') {
    mounted.source.show = model.visible;
    const signature = JSON.stringify([model.style, model.opacity, model.highlightedIds, model.selectedId]);
    if (signature !== mounted.styleSignature) {
      mounted.styleSignature = signature;
      styleFeatureEntities(
        mounted.source,
        model.style,
        model.opacity,
        model.highlightedIds,
        model.selectedId,
      );
    }
  } else if (mounted.tileset) {
    mounted.tileset.show = model.visible;
  }
  viewer.scene.requestRender();
}

export function removeMounted(viewer: CesiumWidget, mounted: CesiumMounted): void {
  if (mounted.type === 'imagery') viewer.imageryLayers.remove(mounted.layer, true);
  else if (mounted.type === 'entities') viewer.dataSources.remove(mounted.source, true);
  else {
    mounted.removed = true;
    if (mounted.tileset) viewer.scene.primitives.remove(mounted.tileset);
  }
  viewer.scene.requestRender();
}

export function createCesiumLayerRegistry(): CesiumLayerRegistry {
  return {
    // Cesium's bundled Natural Earth imagery: the globe works with no network (docs/decisions.md#offline-basemap).
    'offline-world': {
      create: (viewer) =>
        imagery(
          viewer,
          TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII')),
        ),
    },
    xyz: {
      create: (viewer, model) =>
        imagery(
          viewer,
          Promise.resolve(
            new UrlTemplateImageryProvider({
              url: model.source.url,
              ...(model.source.attribution ? { credit: model.source.attribution } : {}),
            }),
          ),
        ),
    },
    wms: {
      create: (viewer, model) =>
        imagery(
          viewer,
          Promise.resolve(
            new WebMapServiceImageryProvider({
              url: model.source.url,
              layers: model.source.layers,
              parameters: { format: model.source.format, transparent: true },
            }),
          ),
        ),
    },
    // A GeoJSON URL draws in 3D once a screen loads it into a feature collection; nothing here yet.
    'geojson-url': {
      create: () => ({ type: 'tileset', tileset: null, removed: false }),
    },
    // Vector tiles are 2D only; the 3D screen hands vector layers over as feature collections.
    'vector-tiles': {
      create: () => ({ type: 'tileset', tileset: null, removed: false }),
    },
    'feature-collection': {
      create: (viewer, model) =>
        entities(viewer, featureDataSource(model.key, model.layerId ?? 0, model.source.data, model.style)),
    },
    '3d-tiles': {
      create: (viewer, model) => {
        const mounted: CesiumMounted = { type: 'tileset', tileset: null, removed: false };
        Cesium3DTileset.fromUrl(model.source.url)
          .then((tileset) => {
            if (mounted.removed || viewer.isDestroyed()) return;
            mounted.tileset = tileset;
            tileset.show = model.visible;
            viewer.scene.primitives.add(tileset);
            viewer.scene.requestRender();
          })
          // An unreachable tileset leaves the rest of the globe working.
          .catch((error: unknown) => console.warn(`3D tiles of ${model.key} could not load`, error));
        return mounted;
      },
    },
  };
}
