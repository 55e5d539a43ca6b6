import type { FeatureCollection, LayerChange, LayerChangeEffect } from '@generated/model';
import { OVERLAY_LAYER_BASE, type MapLayerModel } from '@/map/layer-model';

/** Each effect's colour on the map and in the list: added green, changed amber, removed red. */
export const CHANGE_COLOURS: Readonly<Record<LayerChangeEffect, string>> = {
  added: '#1a9641',
  changed: '#f0a202',
  removed: '#d7191c',
};

/** The effects in the order the map stacks them (removed under changed under added). */
export const CHANGE_EFFECTS: readonly LayerChangeEffect[] = ['removed', 'changed', 'added'];

/** The changes of one effect as GeoJSON, each feature its id and what happened, when. */
function collectionOf(changes: readonly LayerChange[], effect: LayerChangeEffect): FeatureCollection {
  const features = changes
    .filter((change) => change.effect === effect && change.geometry)
    .map((change) => ({
      type: 'Feature',
      id: change.feature_id,
      geometry: change.geometry,
      properties: { effect: change.effect, change: change.change, at: change.at },
    }));
  return { type: 'FeatureCollection', features } as unknown as FeatureCollection;
}

/**
 * The changes drawn over every layer, one layer per effect in its colour (a removed feature at
 * the last geometry it had). `run` names the answer: engines create a data layer once per key.
 */
export function changeLayers(
  changes: readonly LayerChange[],
  titles: Readonly<Record<LayerChangeEffect, string>>,
  run: string,
): MapLayerModel[] {
  return CHANGE_EFFECTS.map((effect, index) => ({
    ...OVERLAY_LAYER_BASE,
    key: `changes-${effect}-${run}`,
    title: titles[effect],
    source: { kind: 'feature-collection', data: collectionOf(changes, effect), truncated: false },
    zIndex: 1100 + index,
    style: {
      strokeColor: CHANGE_COLOURS[effect],
      strokeWidth: 6,
      fillColor: `${CHANGE_COLOURS[effect]}66`,
      pointRadius: 8,
      labelProperty: null,
      heightProperty: null,
    },
  }));
}

function cell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The list as CSV: one line a feature (id, effect, last change, when, who, geometry as GeoJSON). */
export function changesCsv(changes: readonly LayerChange[]): string {
  const lines = [['feature_id', 'effect', 'change', 'at', 'user', 'geometry'].join(',')];
  for (const change of changes)
    lines.push(
      [
        change.feature_id,
        change.effect,
        change.change,
        change.at,
        change.user?.name ?? '',
        change.geometry ? JSON.stringify(change.geometry) : '',
      ]
        .map(cell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** The list as one GeoJSON FeatureCollection, each change a feature at the geometry drawn. */
export function changesGeoJson(changes: readonly LayerChange[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: changes.map((change) => ({
      type: 'Feature',
      id: change.feature_id,
      geometry: change.geometry,
      properties: {
        feature_id: change.feature_id,
        effect: change.effect,
        change: change.change,
        at: change.at,
        user: change.user?.name ?? null,
      },
    })),
  });
}
