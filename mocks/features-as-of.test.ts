import { afterEach, describe, expect, it, vi } from 'vitest';
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
