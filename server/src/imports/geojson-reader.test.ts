import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geojsonReader } from './geojson-reader.ts';
import type { ImportedFeature } from './imported-feature.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-geojson-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function readAll(text: string): Promise<ImportedFeature[]> {
  const file = path.join(dir, `f-${Math.random()}.geojson`);
  await writeFile(file, text);
  const features: ImportedFeature[] = [];
  for await (const feature of geojsonReader(file)()) features.push(feature);
  return features;
}

// Text that would fool a reader counting brackets without minding strings.
const tricky = 'a } ] { [ "quoted" \\ back\\slash';

describe('streaming GeoJSON reader', () => {
  it('reads every feature of a file much larger than one read chunk, strings and all', async () => {
    const features = Array.from({ length: 3000 }, (_, i) => ({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [i, 0],
          [i + 1, 1],
        ],
      },
      properties: { n: i, note: tricky, nested: { list: [1, { deep: '}' }] } },
    }));
    const text = JSON.stringify({
      type: 'FeatureCollection',
      name: 'pipes',
      crs: { type: 'name', properties: { name: 'x' } },
      features,
      bbox: [0, 0, 1, 1],
    });
    expect(text.length).toBeGreaterThan(4 * 65536);
    const read = await readAll(text);
    expect(read).toHaveLength(3000);
    expect(read[2999]).toEqual({
      geometry: features[2999]?.geometry,
      properties: features[2999]?.properties,
    });
    expect(read.every((feature, i) => feature.properties.n === i && feature.properties.note === tricky)).toBe(
      true,
    );
  });

  it('refuses a file cut short, whichever the place', async () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { a: tricky } },
      ],
    });
    for (const cut of [20, 40, text.indexOf('"properties"'), text.length - 2, text.length - 1]) {
      await expect(readAll(text.slice(0, cut)), `cut at ${cut}`).rejects.toThrow();
    }
  });

  it('refuses items that are not Features and files that are not collections', async () => {
    await expect(
      readAll('{"type":"FeatureCollection","features":[{"type":"Point","coordinates":[1,2]}]}'),
    ).rejects.toThrow(/not a Feature/);
    await expect(readAll('{"type":"Point","coordinates":[1,2]}')).rejects.toThrow(/FeatureCollection/);
    await expect(readAll('{"type":"FeatureCollection","features":[{"type":"Feature",,}]}')).rejects.toThrow(
      /not valid JSON/,
    );
  });
});
