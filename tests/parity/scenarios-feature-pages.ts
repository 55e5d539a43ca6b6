import { expect, it } from 'vitest';
import type { ParityTown } from './parity-town';
import { expectStatus, pageOf, signIn, textProperty, type Json, type WireFeature } from './wire';

/** Paging, searching and filtering a layer's features. */
export function featurePageScenarios(town: ParityTown): void {
  it('page features: per_page, the next link, the total', async () => {
    const { admin, browser, map, layer, layerTotal, featuresPath } = town;
    const client = browser();
    await signIn(client, admin.email, admin.password);
    const first = pageOf<WireFeature>(await client.request('GET', featuresPath('per_page=4')));
    expect(first.data).toHaveLength(4);
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 4, total: layerTotal });
    expect(first.meta.last_page).toBe(Math.ceil(layerTotal / 4));
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toEqual(expect.any(String));
    // The documented links of id order carry a keyset cursor beside the page number.
    const lastOfFirst = Math.max(...first.data.map((row) => row.id));
    expect(new URL(String(first.links.next), 'http://link.invalid').searchParams.get('after_id')).toBe(
      String(lastOfFirst),
    );
    const second = pageOf<WireFeature>(await client.request('GET', String(first.links.next)));
    expect(second.data).toHaveLength(4);
    expect(second.meta).toMatchObject({ current_page: 2, per_page: 4, total: layerTotal });
    // Ordered by id: the next page goes on where the first ended.
    expect(second.data.map((row) => row.id)).toEqual(
      [...second.data.map((row) => row.id)].sort((a, b) => a - b),
    );
    expect(Math.min(...second.data.map((row) => row.id))).toBeGreaterThan(lastOfFirst);
    expect(second.links.prev).toEqual(expect.any(String));
    expect(new URL(String(second.links.prev), 'http://link.invalid').searchParams.get('before_id')).toBe(
      String(Math.min(...second.data.map((row) => row.id))),
    );
    // A cursor alone reads on from it, and the total stays the layer's.
    const cursorOnly = pageOf<WireFeature>(
      await client.request('GET', featuresPath(`per_page=4&after_id=${lastOfFirst}`)),
    );
    expect(cursorOnly.data.map((row) => row.id)).toEqual(second.data.map((row) => row.id));
    expect(cursorOnly.meta.total).toBe(layerTotal);
    const back = pageOf<WireFeature>(await client.request('GET', String(second.links.prev)));
    expect(back.data.map((row) => row.id)).toEqual(first.data.map((row) => row.id));
    const last = pageOf<WireFeature>(
      await client.request('GET', featuresPath(`per_page=4&page=${first.meta.last_page}`)),
    );
    expect(last.data).toHaveLength(layerTotal - 4 * (first.meta.last_page - 1));
    expect(last.links.next).toBeNull();
    const beyond = pageOf<WireFeature>(
      await client.request('GET', featuresPath(`per_page=4&page=${first.meta.last_page + 1}`)),
    );
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(layerTotal);
    expect(expectStatus(await client.request('GET', featuresPath('per_page=101')), 422)).toHaveProperty(
      'errors.per_page',
    );
    // A map that does not exist: its features, history and filters are 404s.
    expect((await client.request('GET', `/api/maps/999999/layers/${layer.id}/features`)).status).toBe(404);
    expect(
      (await client.request('GET', `/api/maps/999999/features/${first.data[0]?.id}/history`)).status,
    ).toBe(404);
    expect(
      (
        await client.request('POST', '/api/maps/999999/filter-features', {
          layers_filter: [{ layer_id: layer.id, filters: [] }],
        })
      ).status,
    ).toBe(404);
    expect((await client.request('GET', `/api/maps/${map.id}/layers/999999/features`)).status).toBe(404);
  });

  it('filter and search features: search text, where_property and filter-features agree', async () => {
    const { admin, browser, map, layer, layerTotal, featuresPath } = town;
    const client = browser();
    await signIn(client, admin.email, admin.password);
    const sample = pageOf<WireFeature>(await client.request('GET', featuresPath('per_page=50'))).data;
    const picked = sample.map(textProperty).find((entry) => entry !== undefined);
    expect(picked, 'a feature with a text property').toBeDefined();
    const [property, value] = picked as [string, string];
    const needle = value.slice(0, Math.min(value.length, 4)).toUpperCase();

    const searched = pageOf<WireFeature>(
      await client.request('GET', featuresPath(`per_page=100&search=${encodeURIComponent(needle)}`)),
    );
    expect(searched.meta.total).toBeGreaterThanOrEqual(1);
    expect(searched.meta.total).toBeLessThanOrEqual(layerTotal);
    for (const row of searched.data)
      expect(Object.values(row.properties).some((cell) => String(cell).toUpperCase().includes(needle))).toBe(
        true,
      );

    const where = pageOf<WireFeature>(
      await client.request(
        'GET',
        featuresPath(`per_page=100&where_property=${property}&where_value=${encodeURIComponent(value)}`),
      ),
    );
    expect(where.meta.total).toBeGreaterThanOrEqual(1);
    for (const row of where.data) expect(row.properties[property]).toBe(value);

    const filtered = pageOf<WireFeature>(
      await client.request('POST', `/api/maps/${map.id}/filter-features?per_page=100`, {
        layers_filter: [{ layer_id: layer.id, filters: [{ property, operator: 'eq', value }] }],
      }),
    );
    expect(filtered.meta.total).toBe(where.meta.total);
    expect(filtered.data.map((row) => row.id)).toEqual(where.data.map((row) => row.id));
    for (const row of filtered.data) expect(row.layer_id).toBe(layer.id);

    const filterPage = async (filters: Json[], layerId = layer.id) =>
      client.request('POST', `/api/maps/${map.id}/filter-features?per_page=100`, {
        layers_filter: [{ layer_id: layerId, filters }],
      });
    // `in` compares as text, like `eq` on a text value.
    const listed = pageOf<WireFeature>(await filterPage([{ property, operator: 'in', value: [value] }]));
    expect(listed.meta.total).toBe(where.meta.total);
    // eq matches a number given as a number or as its text.
    const numeric = sample
      .flatMap((row) => Object.entries(row.properties))
      .find((entry): entry is [string, number] => typeof entry[1] === 'number');
    expect(numeric, 'a feature with a numeric property').toBeDefined();
    const [numberName, numberValue] = numeric as [string, number];
    const asNumber = pageOf(await filterPage([{ property: numberName, operator: 'eq', value: numberValue }]));
    const asText = pageOf(
      await filterPage([{ property: numberName, operator: 'eq', value: String(numberValue) }]),
    );
    expect(asNumber.meta.total).toBeGreaterThanOrEqual(1);
    expect(asText.meta.total).toBe(asNumber.meta.total);
    // Refusals name the entry at fault: a layer not on the map, a value that does not fit its operator.
    expect(expectStatus(await filterPage([], 999999), 422)).toHaveProperty([
      'errors',
      'layers_filter.0.layer_id',
    ]);
    expect(expectStatus(await filterPage([{ property, operator: 'in', value }]), 422)).toHaveProperty([
      'errors',
      'layers_filter.0.filters.0.value',
    ]);
    expect(
      expectStatus(await filterPage([{ property: numberName, operator: 'between', value: [1] }]), 422),
    ).toHaveProperty(['errors', 'layers_filter.0.filters.0.value']);

    const unknown = await client.request(
      'GET',
      featuresPath('where_property=no_such_property&where_value=x'),
    );
    expect(expectStatus(unknown, 422)).toHaveProperty('errors.where_property');
    const halfPair = await client.request('GET', featuresPath(`where_property=${property}`));
    expect(expectStatus(halfPair, 422)).toHaveProperty('errors.where_value');
  });
}
