import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregateLayer } from '../generated/api/dashboards/dashboards';
import { exportFeatures, getExport } from '../generated/api/exports/exports';
import { filterFeatures, listLayerFeatures, updateFeatures } from '../generated/api/features/features';
import { searchMainFeatures } from '../generated/api/main-search/main-search';
import { applyScenario } from './scenarios';

const BEFORE = '2026-03-01T11:59:59Z';
const EDITED = new Date('2026-03-01T12:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

const names = (rows: readonly { id: number; properties: Record<string, unknown> }[], id: number) =>
  rows.find((row) => row.id === id)?.properties.name;

describe('the map as it was, in mock mode', () => {
  it('reads the layer as it was before an edit and a deletion made later, as the server does', async () => {
    applyScenario('admin');
    const [first, second] = (await listLayerFeatures(1, 1, { per_page: 2 })).data;
    if (!first || !second) throw new Error('the town has no pipes');
    const total = (await listLayerFeatures(1, 1, { per_page: 1 })).meta.total;
    const oldName = first.properties.name;

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EDITED);
    await updateFeatures(1, {
      features: [{ type: 'Feature', id: first.id, layer_id: 1, properties: { name: 'Renamed pipe' } }],
      delete_ids: [second.id],
    });
    vi.useRealTimers();

    // Now: renamed, and one pipe fewer.
    const now = await listLayerFeatures(1, 1, { per_page: 100 });
    expect(names(now.data, first.id)).toBe('Renamed pipe');
    expect(now.data.some((row) => row.id === second.id)).toBe(false);
    expect(now.meta.total).toBe(total - 1);

    // Before the edit: its old name, and the deleted pipe is back.
    const then = await listLayerFeatures(1, 1, { per_page: 100, as_of: BEFORE });
    expect(names(then.data, first.id)).toBe(oldName);
    expect(then.data.some((row) => row.id === second.id)).toBe(true);
    expect(then.meta.total).toBe(total);

    // The filter and the main search read the same moment.
    const filtered = await filterFeatures(
      1,
      { layers_filter: [{ layer_id: 1, filters: [] }] },
      { per_page: 100, as_of: BEFORE },
    );
    expect(names(filtered.data, first.id)).toBe(oldName);
    const found = await searchMainFeatures(
      1,
      { layer_id: 1, search_value: 'Renamed pipe' },
      { as_of: BEFORE },
    );
    expect(found.data).toEqual([]);
    const foundNow = await searchMainFeatures(1, { layer_id: 1, search_value: 'Renamed pipe' });
    expect(foundNow.data.map((row) => row.id)).toEqual([first.id]);
  });
});

/** The features of a mock GeoJSON export, once its pretend job is done (two polls). */
async function exportedRows(id: string) {
  await getExport(id);
  expect((await getExport(id)).data.status).toBe('ready');
  // Fetched as the download link is followed (the generated call checks JSON answers only).
  const response = await fetch(new URL(`/api/get-export/${id}`, window.location.origin));
  expect(response.status).toBe(200);
  const file = (await response.json()) as { features: { id: number; properties: Record<string, unknown> }[] };
  return file.features;
}

describe('dashboards and exports as it was, in mock mode', () => {
  it('counts and exports the layer of a moment, within the slider’s dates', async () => {
    applyScenario('admin');
    const count = { group_by: null, metrics: [{ op: 'count' as const }] };
    const total = (await aggregateLayer(1, 1, count)).data.total.count;
    const [first] = (await listLayerFeatures(1, 1, { per_page: 1 })).data;
    if (!first) throw new Error('the town has no pipes');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EDITED);
    await updateFeatures(1, { features: [], delete_ids: [first.id] });
    vi.useRealTimers();

    expect((await aggregateLayer(1, 1, count)).data.total.count).toBe(total - 1);
    expect((await aggregateLayer(1, 1, count, { as_of: BEFORE })).data.total.count).toBe(total);

    const range = '1960-01-01/1990-12-31';
    const started = await exportFeatures(
      1,
      { format: 'geojson', layer_id: 1, datetime: range },
      { as_of: BEFORE },
    );
    const rows = await exportedRows(started.data.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(String(row.properties.install_date) <= '1990-12-31').toBe(true);
    // The pipe deleted later is in the file of then when its date is inside the range.
    const inRange = String(first.properties.install_date) <= '1990-12-31';
    expect(rows.some((row) => row.id === first.id)).toBe(inRange);
    const dated = await aggregateLayer(1, 1, { ...count, datetime: range }, { as_of: BEFORE });
    expect(dated.data.total.count).toBe(rows.length);
  });
});
