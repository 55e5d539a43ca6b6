import { afterEach, describe, expect, test } from 'vitest';
import { basemapLayer, type MapLayerModel } from '../layer-model';
import {
  basemapChoices,
  readBasemapChoice,
  saveBasemapChoice,
  storedBasemap,
  withBasemap,
} from './basemap-choice';

const pipes = { ...(basemapLayer('offline') as MapLayerModel), key: 'layer-7', layerId: 7 };
const OWN = 'https://tiles.example.org/{z}/{x}/{y}.png';
const withStored = (basemap: string) => [basemapLayer(basemap), pipes].filter((layer) => layer !== null);

describe('basemap switcher', () => {
  afterEach(() => window.localStorage.clear());

  test("offers the map's own tiles only when the map has them", () => {
    expect(basemapChoices(storedBasemap(withStored('offline')))).toEqual(['offline', 'osm', 'none']);
    expect(basemapChoices(storedBasemap(withStored('none')))).toEqual(['offline', 'osm', 'none']);
    expect(basemapChoices(storedBasemap(withStored(OWN)))).toEqual(['own', 'offline', 'osm', 'none']);
  });

  test('the choice replaces the basemap and keeps the other layers', () => {
    const sources = (layers: readonly MapLayerModel[]) => layers.map((layer) => [layer.key, layer.source]);
    expect(sources(withBasemap(withStored('offline'), 'none'))).toEqual([['layer-7', pipes.source]]);
    const osm = withBasemap(withStored('none'), 'osm');
    expect(osm[0]?.source).toMatchObject({
      kind: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(osm).toHaveLength(2);
    const back = withBasemap(withStored(OWN), 'own');
    expect(back[0]?.source).toEqual({ kind: 'xyz', url: OWN });
  });

  test('is remembered per map, and only while still on offer', () => {
    saveBasemapChoice(3, 'own');
    saveBasemapChoice(4, 'none');
    expect(readBasemapChoice(3, ['own', 'offline', 'osm', 'none'])).toBe('own');
    expect(readBasemapChoice(3, ['offline', 'osm', 'none'])).toBeNull();
    expect(readBasemapChoice(4, ['offline', 'osm', 'none'])).toBe('none');
    expect(readBasemapChoice(5, ['offline', 'osm', 'none'])).toBeNull();
    expect(readBasemapChoice(undefined, ['offline'])).toBeNull();
  });
});
