import type { Feature } from 'ol';
import OlFeature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry as OlGeometry } from 'ol/geom';
import { altKeyOnly, singleClick, type Condition } from 'ol/events/condition';
import DoubleClickZoom from 'ol/interaction/DoubleClickZoom';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { FeatureCollection, Geometry } from '@generated/model';
import type { GeometryEdit, GeometryEditState } from '../map-canvas-types';
import { createEditHistory } from '../tools/edit-history';
import { attachEditSnapping } from './edit-snapping';
import { createDrawingSteps } from './drawing-steps';
import { createExactCoordinates } from './exact-coordinates';

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

function sameCoordinates(a: OlGeometry, b: OlGeometry): boolean {
  return JSON.stringify(format.writeGeometryObject(a)) === JSON.stringify(format.writeGeometryObject(b));
}

/** What the map's edit tools (buttons, keys) can ask of the geometry being edited. */
export type GeometryEditController = {
  undo: () => void;
  redo: () => void;
  /** On: a plain click on a vertex deletes it. Off: Alt+click does (OpenLayers' default). */
  setVertexDelete: (on: boolean) => void;
  /** Removes the vertex under the pointer (the Delete key), as Alt+click would. */
  deleteVertexAtPointer: () => void;
  setSnapTargets: (collections: readonly FeatureCollection[]) => void;
  dispose: () => void;
};

/**
 * Puts the edited geometry on its own layer above the others with a Modify interaction, or a
 * Draw interaction for a new one, both snapping; after each change the geometry is reported in
 * EPSG:4326. Each step (a vertex placed while drawing, a reshape after) can be undone and redone.
 * A drawn geometry stays editable; drawing starts over only when a new edit is asked for.
 * Nothing is stored here: cancelling is dropping the controller.
 */
export function attachGeometryEditing(
  map: OlMap,
  edit: GeometryEdit,
  onChange: (geometry: Geometry) => void,
  onState: (state: GeometryEditState) => void,
): GeometryEditController {
  const source = new VectorSource<Feature>();
  const layer = new VectorLayer({
    source,
    style: editStyle,
    zIndex: 10_000,
    properties: { atlasboardKind: 'editing' },
  });
  map.addLayer(layer);
  const snapping = attachEditSnapping(map);
  const exact = createExactCoordinates();
  const toGeoJson = (geometry: OlGeometry) => exact.write(geometry);
  let vertexDelete = false;
  const deleteCondition: Condition = (event) => singleClick(event) && (vertexDelete || altKeyOnly(event));
  const modify = new Modify({ source, pixelTolerance: 12, deleteCondition });
  // The double click that ends a line or polygon would also zoom the map in.
  const doubleClickZooms = map
    .getInteractions()
    .getArray()
    .filter((interaction) => interaction instanceof DoubleClickZoom && interaction.getActive());
  doubleClickZooms.forEach((interaction) => interaction.setActive(false));

  const history = createEditHistory<OlGeometry>();
  let draw: Draw | null = null;
  const drawing = createDrawingSteps();
  const tellState = () =>
    onState(
      draw
        ? { canUndo: drawing.canUndo(), canRedo: drawing.canRedo(), drawing: true }
        : { canUndo: history.canUndo(), canRedo: history.canRedo(), drawing: false },
    );
  const edited = () => source.getFeatures()[0];
  const record = () => {
    const geometry = edited()?.getGeometry();
    if (!geometry) return;
    // A click on a vertex without moving it ends a "modification" that changed nothing.
    const last = history.current();
    if (last && sameCoordinates(last, geometry)) return;
    history.push(geometry.clone());
    onChange(toGeoJson(geometry));
    tellState();
  };
  const show = (geometry: OlGeometry | undefined) => {
    const feature = edited();
    if (!geometry || !feature) return;
    feature.setGeometry(geometry.clone());
    onChange(toGeoJson(geometry));
    tellState();
  };
  modify.on('modifyend', record);
  const startReshaping = (feature: Feature<OlGeometry>) => {
    snapping.addOwn(feature);
    map.addInteraction(modify);
    snapping.raise();
  };

  if (edit.kind === 'modify') {
    exact.remember('edited', [edit.geometry]);
    const geometry = format.readGeometry(edit.geometry);
    if (geometry) {
      const feature = new OlFeature(geometry);
      source.addFeature(feature);
      history.push(geometry.clone());
      startReshaping(feature);
    }
  } else {
    draw = new Draw({ source, type: edit.geometryType, style: editStyle });
    drawing.attach(draw, tellState);
    draw.on('drawend', (event) => {
      // One feature per drawing: from here on it is reshaped, not drawn again.
      if (draw) map.removeInteraction(draw);
      draw = null;
      const geometry = event.feature.getGeometry();
      if (geometry) {
        history.push(geometry.clone());
        onChange(toGeoJson(geometry));
      }
      startReshaping(event.feature);
      tellState();
    });
    map.addInteraction(draw);
    snapping.raise();
  }
  tellState();

  return {
    undo: () => {
      if (draw) drawing.undo(draw);
      else show(history.undo());
      tellState();
    },
    redo: () => {
      if (draw) drawing.redo(draw);
      else show(history.redo());
      tellState();
    },
    setVertexDelete: (on) => {
      vertexDelete = on;
    },
    deleteVertexAtPointer: () => {
      if (!draw) modify.removePoint();
    },
    setSnapTargets: (collections) => {
      exact.remember(
        'targets',
        collections.flatMap((collection) =>
          collection.features.flatMap((feature) => (feature.geometry ? [feature.geometry] : [])),
        ),
      );
      snapping.setTargets(collections);
    },
    dispose: () => {
      doubleClickZooms.forEach((interaction) => interaction.setActive(true));
      if (draw) map.removeInteraction(draw);
      map.removeInteraction(modify);
      snapping.dispose();
      map.removeLayer(layer);
      layer.dispose();
    },
  };
}
