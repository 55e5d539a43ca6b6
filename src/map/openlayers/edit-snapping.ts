import type { Feature } from 'ol';
import OlFeature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import { Point, type Geometry as OlGeometry } from 'ol/geom';
import Snap from 'ol/interaction/Snap';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { FeatureCollection } from '@generated/model';

/** How near (in screen pixels) a vertex or an edge must be to catch the pointer. */
export const SNAP_TOLERANCE_PX = 12;

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

// A ring, not a dot: the vertex it marks stays visible inside it.
const markerStyle = new Style({
  image: new Circle({
    radius: 9,
    fill: new Fill({ color: 'rgb(255 255 255 / 35%)' }),
    stroke: new Stroke({ color: '#7048e8', width: 3 }),
  }),
});

export type EditSnapping = {
  /** Adds the geometry being edited: it may snap to its own vertices and edges. */
  addOwn: (feature: Feature<OlGeometry>) => void;
  /** Replaces the other layers' features that may be snapped to. */
  setTargets: (collections: readonly FeatureCollection[]) => void;
  /** Snap must see pointer events before Draw and Modify: call after adding either of them. */
  raise: () => void;
  dispose: () => void;
};

/**
 * Snapping for one geometry edit: the features of the visible vector layers (read whole from
 * the server, since vector tiles hold simplified cuts of them) and the edited feature itself,
 * in one Snap interaction, with a marker on the point snapped to.
 */
export function attachEditSnapping(map: OlMap): EditSnapping {
  const source = new VectorSource<Feature<OlGeometry>>();
  const own = new Set<Feature<OlGeometry>>();
  const snap = new Snap({ source, pixelTolerance: SNAP_TOLERANCE_PX });
  const marker = new OlFeature<Point>();
  const markerLayer = new VectorLayer({
    source: new VectorSource<Feature>({ features: [marker] }),
    style: markerStyle,
    zIndex: 10_001,
    properties: { atlasboardKind: 'editing' },
  });
  map.addLayer(markerLayer);
  snap.on('snap', (event) => marker.setGeometry(new Point(event.vertex)));
  snap.on('unsnap', () => marker.setGeometry(undefined));

  return {
    addOwn: (feature) => {
      own.add(feature);
      source.addFeature(feature);
    },
    setTargets: (collections) => {
      for (const feature of source.getFeatures()) if (!own.has(feature)) source.removeFeature(feature);
      const features = collections.flatMap(
        (collection) => format.readFeatures(collection) as Feature<OlGeometry>[],
      );
      // Ids are per layer: two layers' features may share one, and a source keeps one per id.
      features.forEach((feature) => feature.setId(undefined));
      source.addFeatures(features);
    },
    raise: () => {
      map.removeInteraction(snap);
      map.addInteraction(snap);
    },
    dispose: () => {
      map.removeInteraction(snap);
      map.removeLayer(markerLayer);
      markerLayer.dispose();
    },
  };
}
