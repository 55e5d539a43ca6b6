import type { Feature } from 'ol';
import OlFeature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry as OlGeometry } from 'ol/geom';
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { Geometry } from '../../../generated/model';
import type { GeometryEdit } from '../map-canvas-types';

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

const EDIT_COLOR = '#d9480f';
const editStyle = new Style({
  stroke: new Stroke({ color: EDIT_COLOR, width: 3, lineDash: [8, 4] }),
  fill: new Fill({ color: 'rgb(217 72 15 / 20%)' }),
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: EDIT_COLOR }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
});

function toGeoJson(geometry: OlGeometry): Geometry {
  // Rounded to about 1 cm: pixel-derived coordinates carry meaningless digits.
  return JSON.parse(JSON.stringify(format.writeGeometryObject(geometry, { decimals: 7 }))) as Geometry;
}

/**
 * Puts the edited geometry on its own layer above the others with a Modify interaction, or a
 * Draw interaction for a new one; after each change the geometry is reported in EPSG:4326.
 * A drawn geometry stays editable; drawing starts over only when a new edit is asked for.
 * Returns the clean-up.
 */
export function attachGeometryEditing(
  map: OlMap,
  edit: GeometryEdit,
  onChange: (geometry: Geometry) => void,
): () => void {
  const source = new VectorSource<Feature>();
  const layer = new VectorLayer({
    source,
    style: editStyle,
    zIndex: 10_000,
    properties: { atlasboardKind: 'editing' },
  });
  map.addLayer(layer);
  const modify = new Modify({ source, pixelTolerance: 12 });
  // The double click that ends a line or polygon would also zoom the map in.
  const doubleClickZooms = map
    .getInteractions()
    .getArray()
    .filter((interaction) => interaction instanceof DoubleClickZoom && interaction.getActive());
  doubleClickZooms.forEach((interaction) => interaction.setActive(false));
  const report = () => {
    const geometry = source.getFeatures()[0]?.getGeometry();
    if (geometry) onChange(toGeoJson(geometry));
  };
  modify.on('modifyend', report);
  let draw: Draw | null = null;

  if (edit.kind === 'modify') {
    const geometry = format.readGeometry(edit.geometry);
    if (geometry) source.addFeature(new OlFeature(geometry));
    map.addInteraction(modify);
  } else {
    draw = new Draw({ source, type: edit.geometryType, style: editStyle });
    draw.on('drawend', (event) => {
      const geometry = event.feature.getGeometry();
      if (geometry) onChange(toGeoJson(geometry));
      // One feature per drawing: from here on it is reshaped, not drawn again.
      if (draw) map.removeInteraction(draw);
      map.addInteraction(modify);
    });
    map.addInteraction(draw);
  }
  return () => {
    doubleClickZooms.forEach((interaction) => interaction.setActive(true));
    if (draw) map.removeInteraction(draw);
    map.removeInteraction(modify);
    map.removeLayer(layer);
    layer.dispose();
  };
}
