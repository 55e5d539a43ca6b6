import { describe, expect, it } from 'vitest';
import type { LayerChange } from '@generated/model';
import { CHANGE_COLOURS, changeLayers, changesCsv, changesGeoJson } from './changes';

const CHANGES: LayerChange[] = [
  {
    feature_id: 7,
    change: 'deleted',
    at: '2026-03-10T08:00:00Z',
    user: { id: 1, name: 'Ada, "the" admin' },
    effect: 'removed',
    geometry: { type: 'Point', coordinates: [-9.13, 38.72] },
  },
  {
    feature_id: 5,
    change: 'updated',
    at: '2026-02-10T08:00:00Z',
    user: null,
    effect: 'changed',
    geometry: { type: 'Point', coordinates: [-9.12, 38.72] },
  },
  {
    feature_id: 9,
    change: 'updated',
    at: '2026-02-11T08:00:00Z',
    user: null,
    effect: 'added',
    geometry: null,
  },
];
const TITLES = { added: 'Added', changed: 'Changed', removed: 'Removed' };

describe('what changed, on the map', () => {
  it('draws added green, changed amber and removed red, each feature in its own colour', () => {
    const models = changeLayers(CHANGES, TITLES, 'run-1');
    const byColour = Object.fromEntries(
      models.map((model) => [
        model.style.strokeColor,
        model.source.kind === 'feature-collection'
          ? model.source.data.features.map((feature) => feature.id)
          : null,
      ]),
    );
    expect(CHANGE_COLOURS).toEqual({ added: '#1a9641', changed: '#f0a202', removed: '#d7191c' });
    expect(byColour).toEqual({
      '#1a9641': [],
      '#f0a202': [5],
      '#d7191c': [7],
    });
    // Removed at its last geometry; drawn over every stored layer, added on top.
    const removed = models.find((model) => model.style.strokeColor === '#d7191c');
    expect(
      removed?.source.kind === 'feature-collection' && removed.source.data.features[0]?.geometry,
    ).toEqual({
      type: 'Point',
      coordinates: [-9.13, 38.72],
    });
    expect(models.map((model) => model.title)).toEqual(['Removed', 'Changed', 'Added']);
    expect(Math.min(...models.map((model) => model.zIndex))).toBeGreaterThanOrEqual(1100);
    expect(new Set(models.map((model) => model.key)).size).toBe(3);
  });

  it('downloads the list as CSV with quoted cells and as GeoJSON', () => {
    expect(changesCsv(CHANGES).split('\r\n')).toEqual([
      'feature_id,effect,change,at,user,geometry',
      '7,removed,deleted,2026-03-10T08:00:00Z,"Ada, ""the"" admin","{""type"":""Point"",""coordinates"":[-9.13,38.72]}"',
      '5,changed,updated,2026-02-10T08:00:00Z,,"{""type"":""Point"",""coordinates"":[-9.12,38.72]}"',
      '9,added,updated,2026-02-11T08:00:00Z,,',
      '',
    ]);
    const collection = JSON.parse(changesGeoJson(CHANGES)) as {
      features: { id: number; geometry: unknown; properties: { effect: string } }[];
    };
    expect(collection.features.map((feature) => [feature.id, feature.properties.effect])).toEqual([
      [7, 'removed'],
      [5, 'changed'],
      [9, 'added'],
    ]);
    expect(collection.features[2]?.geometry).toBeNull();
  });
});
