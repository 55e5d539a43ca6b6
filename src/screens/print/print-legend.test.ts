import { describe, expect, it } from 'vitest';
import { TOWN_LAYERS } from '@mocks/features-town-layers';
import { legendEntries } from './print-sheet';

describe('the printed legend', () => {
  it('lists a thematic layer under its name, a row per category and size class, as the viewer legend does', () => {
    const pipes = TOWN_LAYERS.filter((layer) => layer.name === 'Pipes' || layer.name === 'Pressure zones');
    const entries = legendEntries(pipes, () => true, 15, { other: 'Other' });
    expect(entries.map((entry) => [entry.name, entry.geometryType, entry.indent ?? false])).toEqual([
      ['Pipes', 'heading', false],
      ['Cast iron', 'LineString', true],
      ['Ductile iron', 'LineString', true],
      ['Steel', 'LineString', true],
      ['Asbestos cement', 'LineString', true],
      ['PVC', 'LineString', true],
      ['PE', 'LineString', true],
      ['Other', 'LineString', true],
      ['< 110 mm', 'LineString', true],
      ['110 – 199 mm', 'LineString', true],
      ['200 – 299 mm', 'LineString', true],
      ['≥ 300 mm', 'LineString', true],
      ['Pressure zones', 'Polygon', false],
    ]);
    expect(entries[1]).toMatchObject({ strokeColor: '#8c510a' });
    expect(entries[11]).toMatchObject({ strokeWidth: 4.5 });
  });
});
