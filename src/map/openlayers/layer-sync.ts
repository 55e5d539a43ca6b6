import type OlMap from 'ol/Map';
import type BaseLayer from 'ol/layer/Base';
import Layer from 'ol/layer/Layer';
import type Source from 'ol/source/Source';
import type { MapLayerModel } from '../layer-model';
import { createLayerReconciler } from '../layer-reconcile';
import { sourceSignature, type OlLayerRegistry, type OlLayerType } from './layer-types';
import { clipToSwipeSide } from './swipe-clip';

type Mounted = {
  layer: BaseLayer;
  signature: string;
  kind: MapLayerModel['source']['kind'];
  swipeSide: MapLayerModel['swipeSide'];
  unclip: () => void;
};

/** The map's property holding the swipe divider's place (share of the width); see swipe-clip. */
export const SWIPE_POSITION = 'swipePosition';

/** What the list of features under a click names each one by. */
function describeForIdentify(layer: BaseLayer, model: MapLayerModel): void {
  layer.set('title', model.title ?? '');
  layer.set('labelProperty', model.style.labelProperty);
}

/**
 * Keeps an OpenLayers map's layers equal to a list of layer models: creates the new ones,
 * updates the kept ones in place, removes the gone ones, each through the registry.
 */
export function createLayerSync(
  map: OlMap,
  registry: OlLayerRegistry,
  onLayerError?: (layerId: number, error: string) => void,
) {
  // A failed tile is told once per source (a revision bump may bring a new source).
  const watched = new WeakSet<Source>();
  const watchErrors = (layer: BaseLayer, layerId: number | null) => {
    const source = layer instanceof Layer ? (layer.getSource() as Source | null) : null;
    if (!onLayerError || layerId === null || !source || watched.has(source)) return;
    watched.add(source);
    source.on('tileloaderror' as 'change', () => onLayerError(layerId, 'tileloaderror'));
  };
  const typeOf = (kind: MapLayerModel['source']['kind']) => registry[kind] as OlLayerType<typeof kind>;

  const layers = createLayerReconciler<Mounted>({
    fits: (entry, model) =>
      entry.signature === sourceSignature(model.source) && entry.swipeSide === model.swipeSide,
    create: (model) => {
      const layer = (typeOf(model.source.kind).create as (m: MapLayerModel) => BaseLayer)(model);
      layer.set('layerKey', model.key);
      layer.set('layerId', model.layerId);
      describeForIdentify(layer, model);
      map.addLayer(layer);
      const unclip = model.swipeSide
        ? clipToSwipeSide(layer, model.swipeSide, () => Number(map.get(SWIPE_POSITION) ?? 0.5))
        : () => undefined;
      watchErrors(layer, model.layerId);
      return {
        layer,
        signature: sourceSignature(model.source),
        kind: model.source.kind,
        swipeSide: model.swipeSide,
        unclip,
      };
    },
    keep: (entry, model) => {
      typeOf(model.source.kind).update(entry.layer, model);
      describeForIdentify(entry.layer, model);
      watchErrors(entry.layer, model.layerId);
    },
    remove: (entry) => {
      entry.unclip();
      map.removeLayer(entry.layer);
      typeOf(entry.kind).remove?.(entry.layer);
      entry.layer.dispose();
    },
  });

  return { sync: layers.sync, dispose: layers.dispose };
}
