import type { Feature } from 'ol';
import GeoJSON from 'ol/format/GeoJSON';
import MVT from 'ol/format/MVT';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorTileLayer from 'ol/layer/VectorTile';
import RenderFeature from 'ol/render/Feature';
import TileWMS from 'ol/source/TileWMS';
import VectorSource from 'ol/source/Vector';
import VectorTileSource from 'ol/source/VectorTile';
import XYZ from 'ol/source/XYZ';
import { Fill, Stroke, Style } from 'ol/style';
import worldLand from '../basemap/land-110m.json';
import type { LayerSourceKind, LayerSourceModel, MapLayerModel } from '../layer-model';
import { layerStyleFunction } from './feature-style';

/** One layer type in the OpenLayers engine (the MapStore2 idea, kept per engine and immutable). */
export type OlLayerType<K extends LayerSourceKind> = {
  create: (model: MapLayerModel & { source: Extract<LayerSourceModel, { kind: K }> }) => BaseLayer;
  /** Applies what can change without a new source: visibility, opacity, order, zooms, style. */
  update: (layer: BaseLayer, model: MapLayerModel) => void;
  remove?: (layer: BaseLayer) => void;
};

export type OlLayerRegistry = { [K in LayerSourceKind]: OlLayerType<K> };

function commonOptions(model: MapLayerModel) {
  return {
    visible: model.visible,
    opacity: model.opacity,
    zIndex: model.zIndex,
    // OpenLayers' minZoom is exclusive, the layer's is inclusive.
    ...(model.minZoom === null ? {} : { minZoom: model.minZoom - 1e-6 }),
    ...(model.maxZoom === null ? {} : { maxZoom: model.maxZoom }),
  };
}

function updateCommon(layer: BaseLayer, model: MapLayerModel): void {
  layer.setVisible(model.visible);
  layer.setOpacity(model.opacity);
  layer.setZIndex(model.zIndex);
  layer.setMinZoom(model.minZoom === null ? -Infinity : model.minZoom - 1e-6);
  layer.setMaxZoom(model.maxZoom === null ? Infinity : model.maxZoom);
}

/** Re-styles only when the style or the emphasised features changed (re-styling redraws tiles). */
function updateStyled(layer: BaseLayer, model: MapLayerModel): void {
  updateCommon(layer, model);
  if (layer.get('revision') !== undefined && layer.get('revision') !== model.revision) {
    if (layer instanceof VectorTileLayer || layer instanceof VectorLayer) layer.getSource()?.refresh();
  }
  layer.set('revision', model.revision);
  const signature = JSON.stringify([model.style, model.highlightedIds, model.selectedId]);
  if (layer.get('styleSignature') === signature) return;
  layer.set('styleSignature', signature);
  if (layer instanceof VectorTileLayer) {
    layer.setStyle(
      layerStyleFunction(model.style, model.highlightedIds, model.selectedId, { pointsAsDiscs: true }),
    );
  } else if (layer instanceof VectorLayer) {
    layer.setStyle(layerStyleFunction(model.style, model.highlightedIds, model.selectedId));
  }
}

const landStyle = (model: MapLayerModel) =>
  new Style({
    fill: new Fill({ color: model.style.fillColor }),
    stroke: new Stroke({ color: model.style.strokeColor, width: model.style.strokeWidth }),
  });

/** The registry of the 2D engine. A 3D engine keeps its own beside it; the model stays the same. */
export function createOlLayerRegistry(): OlLayerRegistry {
  return {
    'offline-world': {
      create: (model) =>
        new VectorLayer({
          ...commonOptions(model),
          // The sea: drawn behind the bundled land polygons so the map works with no network.
          background: '#c9dcea',
          source: new VectorSource<Feature>({
            features: new GeoJSON().readFeatures(worldLand, { featureProjection: 'EPSG:3857' }),
          }),
          style: landStyle(model),
          properties: { atlasboardKind: 'offline-world' },
        }),
      update: updateCommon,
    },
    xyz: {
      create: (model) =>
        new TileLayer({
          ...commonOptions(model),
          source: new XYZ({
            url: model.source.url,
            crossOrigin: 'anonymous',
            ...(model.source.attribution ? { attributions: model.source.attribution } : {}),
          }),
        }),
      update: updateCommon,
    },
    wms: {
      create: (model) =>
        new TileLayer({
          ...commonOptions(model),
          source: new TileWMS({
            url: model.source.url,
            params: { LAYERS: model.source.layers, FORMAT: model.source.format, TRANSPARENT: true },
            crossOrigin: 'anonymous',
          }),
        }),
      update: updateCommon,
    },
    'geojson-url': {
      create: (model) => {
        const layer = new VectorLayer({
          ...commonOptions(model),
          source: new VectorSource<Feature>({ url: model.source.url, format: new GeoJSON<Feature>() }),
        });
        updateStyled(layer, model);
        return layer;
      },
      update: updateStyled,
    },
    'feature-collection': {
      create: (model) => {
        const layer = new VectorLayer({
          ...commonOptions(model),
          source: new VectorSource<Feature>({
            features: new GeoJSON<Feature>().readFeatures(model.source.data, {
              featureProjection: 'EPSG:3857',
            }),
          }),
        });
        updateStyled(layer, model);
        return layer;
      },
      update: updateStyled,
    },
    // A 3D tileset has nothing to draw on a flat map: an empty layer keeps the registry total.
    '3d-tiles': {
      create: (model) => new VectorLayer({ ...commonOptions(model), source: new VectorSource<Feature>() }),
      update: updateCommon,
    },
    'vector-tiles': {
      create: (model) => {
        const layer = new VectorTileLayer({
          ...commonOptions(model),
          declutter: false,
          source: new VectorTileSource({
            url: model.source.url,
            // Render features: no geometry objects or change listeners per feature; clicks read
            // only their id and properties.
            format: new MVT({ layers: [model.source.tileLayerName], featureClass: RenderFeature }),
            // Same-origin and session-bound (docs/decisions.md#session-and-xsrf): the browser sends the cookie itself.
          }),
        });
        updateStyled(layer, model);
        return layer;
      },
      update: updateStyled,
    },
  };
}

/** The source identity: when it changes the layer is made anew, otherwise updated in place. */
export function sourceSignature(source: LayerSourceModel): string {
  return JSON.stringify(source);
}
