import { beforeAll, describe, expect, it } from 'vitest';
import { assertDocumentedResponse } from '../../server/test-support/openapi-response.ts';
import { documented, type ParityClient } from './parity-client';
import type { ParityDriver } from './parity-driver';
import {
  asObject,
  createPlainUser,
  dataOf,
  expectStatus,
  pageOf,
  signIn,
  signOut,
  textProperty,
  type Json,
  type WireFeature,
} from './wire';

interface WireMap {
  id: number;
  title: string;
  layers_count: number;
}
interface WireLayer {
  id: number;
  name: string;
  type: string;
  geometry_type: string | null;
  properties: { name: string; type: string; required: boolean }[];
}
interface WireAudit {
  event: string;
  version?: number | null;
  user: { id: number; name: string } | null;
  old_values: Json | null;
  new_values: Json | null;
}

/** Polls are bounded: a job that never finishes fails the scenario instead of hanging it. */
const MAX_EXPORT_POLLS = 100;

/**
 * The mock-parity scenarios (issue 25): written once against a fetch-like client, run by
 * mock-handlers.test.ts and real-server.test.ts with the same assertions. They read the data
 * first and assert relative to it, so neither backend's exact data is written in here.
 */
export function describeParity(backend: string, driver: () => ParityDriver): void {
  describe(`mock parity: ${backend}`, () => {
    let admin: ParityDriver['admin'];
    let browser: () => ParityClient;
    /** The first map with layers, its layers, and the layer with the most features. */
    let map: WireMap;
    let layers: WireLayer[];
    let layer: WireLayer;
    let layerTotal: number;

    const featuresPath = (query: string) => `/api/maps/${map.id}/layers/${layer.id}/features?${query}`;

    beforeAll(async () => {
      const current = driver();
      admin = current.admin;
      browser = () => documented(current.client(), assertDocumentedResponse);
      const client = browser();
      await signIn(client, admin.email, admin.password);
      const maps = pageOf<WireMap>(await client.request('GET', '/api/maps?per_page=100'));
      const withLayers = maps.data.find((row) => row.layers_count > 0);
      expect(withLayers, 'a map with layers').toBeDefined();
      map = withLayers as WireMap;
      const shown = dataOf<{ layers: WireLayer[] }>(
        await client.request('GET', `/api/maps/${map.id}/show?with_layers=true`),
      );
      layers = shown.layers.filter((row) => row.type === 'vector');
      let best = -1;
      for (const candidate of layers) {
        const total = pageOf(
          await client.request('GET', `/api/maps/${map.id}/layers/${candidate.id}/features?per_page=1`),
        ).meta.total;
        if (total > best) [best, layer] = [total, candidate];
      }
      layerTotal = best;
      expect(layerTotal, 'a layer with enough features to page').toBeGreaterThan(10);
    });

    it('sign in: 401 before, wrong password refused, then the admin is the current user', async () => {
      const client = browser();
      expect(expectStatus(await client.request('GET', '/api/user'), 401)).toHaveProperty('message');
      expect((await client.request('GET', '/api/maps')).status).toBe(401);
      const wrong = await client.request('POST', '/login', {
        email: admin.email,
        password: 'not-the-password',
      });
      expect(expectStatus(wrong, 422)).toHaveProperty('errors.email');
      const user = await signIn(client, admin.email, admin.password);
      expect(user).toMatchObject({ email: admin.email, type: 'admin', id: expect.any(Number) });
      expect(user).not.toHaveProperty('password');
      await signOut(client);
      expect((await client.request('GET', '/api/user')).status).toBe(401);
    });

    it('list maps: a page of maps, and the map with layers shows as many layers as it counts', async () => {
      const client = browser();
      await signIn(client, admin.email, admin.password);
      const maps = pageOf<WireMap>(await client.request('GET', '/api/maps?per_page=100'));
      expect(maps.meta.total).toBeGreaterThanOrEqual(maps.data.length);
      for (const row of maps.data)
        expect(row).toMatchObject({
          id: expect.any(Number),
          title: expect.any(String),
          layers_count: expect.any(Number),
        });
      const shown = dataOf<Json & { layers: WireLayer[]; bookmarks: unknown[] }>(
        await client.request('GET', `/api/maps/${map.id}/show?with_layers=true`),
      );
      expect(shown).toMatchObject({ id: map.id, title: map.title });
      expect(shown.layers).toHaveLength(map.layers_count);
      for (const row of shown.layers)
        expect(row).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      expect(Array.isArray(shown.bookmarks)).toBe(true);
      expect((await client.request('GET', '/api/maps/999999/show')).status).toBe(404);

      // One map a page: the same total, and the next link (which keeps per_page) reads the second one.
      const single = pageOf<WireMap>(await client.request('GET', '/api/maps?per_page=1'));
      expect(single.data).toHaveLength(1);
      expect(single.meta.total).toBe(maps.meta.total);
      expect(single.data[0]?.id).toBe(maps.data[0]?.id);
      if (maps.meta.total > 1) {
        const next = pageOf<WireMap>(await client.request('GET', String(single.links.next)));
        expect(next.data.map((row) => row.id)).toEqual([maps.data[1]?.id]);
      } else expect(single.links.next).toBeNull();
      // search looks in the title, case-insensitively.
      const word = map.title.split(/\s+/).find((part) => part.length >= 3) ?? map.title;
      const found = pageOf<WireMap>(
        await client.request(
          'GET',
          `/api/maps?per_page=100&search=${encodeURIComponent(word.toUpperCase())}`,
        ),
      );
      expect(found.data.map((row) => row.id)).toContain(map.id);
      expect(expectStatus(await client.request('GET', '/api/maps?order_column=nope'), 422)).toHaveProperty(
        'errors.order_column',
      );
    });

    it('page features: per_page, the next link, the total', async () => {
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
        expect(
          Object.values(row.properties).some((cell) => String(cell).toUpperCase().includes(needle)),
        ).toBe(true);

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
      const asNumber = pageOf(
        await filterPage([{ property: numberName, operator: 'eq', value: numberValue }]),
      );
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

    it('edit a feature: the saved value comes back, and the history names the version, who and what changed', async () => {
      const client = browser();
      const me = await signIn(client, admin.email, admin.password);
      const [feature] = pageOf<WireFeature>(await client.request('GET', featuresPath('per_page=1'))).data;
      // A free-text property of the schema the feature has a value for.
      const picked = layer.properties
        .filter((entry) => entry.type === 'string')
        .map((entry) => [entry.name, feature?.properties[entry.name]] as const)
        .find((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
      expect(picked, 'a feature with a text property').toBeDefined();
      const [property, before] = picked as [string, string];
      const featureId = (feature as WireFeature).id;
      const historyPath = `/api/maps/${map.id}/features/${featureId}/history`;
      const earlier = dataOf<WireAudit[]>(await client.request('GET', historyPath));
      const after = `${before} (parity)`;

      const saved = dataOf<{ updated: WireFeature[]; deleted_ids?: number[] }>(
        await client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
          features: [
            { type: 'Feature', id: featureId, layer_id: layer.id, properties: { [property]: after } },
          ],
        }),
      );
      expect(saved.updated).toHaveLength(1);
      expect(saved.updated[0]).toMatchObject({ id: featureId, properties: { [property]: after } });

      const history = dataOf<WireAudit[]>(await client.request('GET', historyPath));
      expect(history).toHaveLength(earlier.length + 1);
      const [latest] = history;
      expect(latest).toMatchObject({
        event: 'updated',
        user: { id: me.id, name: me.name },
        old_values: { [property]: before },
        new_values: { [property]: after },
      });
      const versions = earlier.map((entry) => entry.version ?? 0);
      expect(latest?.version).toBe(Math.max(1, ...versions) + 1);

      const reread = pageOf<WireFeature>(
        await client.request('GET', featuresPath(`per_page=1&after_id=${featureId - 1}`)),
      ).data[0];
      expect(reread).toMatchObject({ id: featureId, properties: { [property]: after } });
      expect((await client.request('GET', `/api/maps/${map.id}/features/999999999/history`)).status).toBe(
        404,
      );

      const save = (properties: Json) =>
        client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
          features: [{ type: 'Feature', id: featureId, layer_id: layer.id, properties }],
        });
      // Saving the value it already has changes nothing, so it leaves no history row.
      expectStatus(await save({ [property]: after }), 200);
      expect(dataOf<WireAudit[]>(await client.request('GET', historyPath))).toHaveLength(history.length);
      // null clears an optional property: it is gone, and the history says it went from the value to null.
      const optional = layer.properties.find(
        (entry) =>
          entry.name !== property &&
          !entry.required &&
          (feature as WireFeature).properties[entry.name] != null,
      );
      expect(optional, 'an optional property the feature has a value for').toBeDefined();
      const optionalName = (optional as { name: string }).name;
      const optionalValue = (feature as WireFeature).properties[optionalName];
      const cleared = dataOf<{ updated: WireFeature[] }>(await save({ [optionalName]: null })).updated[0];
      expect(cleared?.properties).not.toHaveProperty(optionalName);
      const [clearing] = dataOf<WireAudit[]>(await client.request('GET', historyPath));
      expect(clearing).toMatchObject({
        old_values: { [optionalName]: optionalValue },
        new_values: { [optionalName]: null },
      });
      expectStatus(await save({ [optionalName]: optionalValue, [property]: before }), 200);
      // A property the layer does not have is refused by name.
      const unknown = await save({ no_such_property: 'x' });
      expect(expectStatus(unknown, 422)).toHaveProperty(['errors', 'features.0.properties.no_such_property']);

      const missing = await client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
        features: [{ type: 'Feature', id: 999999999, layer_id: layer.id, properties: { [property]: 'x' } }],
      });
      expect(expectStatus(missing, 422)).toHaveProperty(['errors', 'features.0.id']);
    });

    it('a drawn feature starts its history at version 1, and its deletion is the last entry', async () => {
      const client = browser();
      const me = await signIn(client, admin.email, admin.password);
      const [model] = pageOf<WireFeature & { geometry: unknown }>(
        await client.request('GET', featuresPath('per_page=1')),
      ).data;
      const created = dataOf<WireFeature>(
        await client.request('POST', `/api/maps/${map.id}/layers/${layer.id}/features`, {
          type: 'Feature',
          geometry: model?.geometry,
          properties: model?.properties,
        }),
        201,
      );
      expect(created).toMatchObject({ layer_id: layer.id, properties: model?.properties });
      const historyPath = `/api/maps/${map.id}/features/${created.id}/history`;
      const [first, ...none] = dataOf<WireAudit[]>(await client.request('GET', historyPath));
      expect(none).toEqual([]);
      expect(first).toMatchObject({ event: 'created', version: 1, user: { id: me.id }, old_values: null });
      expect(pageOf(await client.request('GET', featuresPath('per_page=1'))).meta.total).toBe(layerTotal + 1);

      const removed = dataOf<{ deleted_ids: number[] }>(
        await client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
          features: [],
          delete_ids: [created.id],
        }),
      );
      expect(removed.deleted_ids).toEqual([created.id]);
      const [deletion] = dataOf<WireAudit[]>(await client.request('GET', historyPath));
      expect(deletion).toMatchObject({ event: 'deleted', version: 2, new_values: null });
      expect(deletion?.old_values).toMatchObject(model?.properties ?? {});
      expect(pageOf(await client.request('GET', featuresPath('per_page=1'))).meta.total).toBe(layerTotal);
    });

    it("bookmarks are private: another user's bookmark is not shown and cannot be deleted", async () => {
      const client = browser();
      await signIn(client, admin.email, admin.password);
      const stamp = `${Date.now()}`;
      const other = await createPlainUser(client, 'bookmarks');
      await signOut(client);

      const otherUser = await signIn(client, other.email, other.password);
      expect(otherUser.id).toBe(other.id);
      // A plain user reads maps but may not manage users, maps or features.
      expect((await client.request('GET', '/api/users')).status).toBe(403);
      expect((await client.request('POST', '/api/maps', { title: 'Not mine' })).status).toBe(403);
      const [anyFeature] = pageOf<WireFeature>(await client.request('GET', featuresPath('per_page=1'))).data;
      const edit = {
        features: [{ type: 'Feature', id: anyFeature?.id, layer_id: layer.id, properties: {} }],
      };
      expect((await client.request('POST', `/api/maps/${map.id}/updateFeatures`, edit)).status).toBe(403);
      // A write without the XSRF echo is refused before anything else.
      expect(
        expectStatus(
          await client.request(
            'POST',
            `/api/maps/${map.id}/bookmarks`,
            { name: 'x', center: [0, 0], zoom: 3 },
            {
              xsrf: false,
            },
          ),
          419,
        ),
      ).toHaveProperty('message');
      const bookmark = dataOf<Json>(
        await client.request('POST', `/api/maps/${map.id}/bookmarks`, {
          name: `Parity view ${stamp}`,
          center: [-9.14, 38.72],
          zoom: 15,
        }),
        201,
      );
      expect(bookmark).toMatchObject({ map_id: map.id, user_id: otherUser.id, name: `Parity view ${stamp}` });
      const bookmarkOn = (mapId: number, body: Json) =>
        client.request('POST', `/api/maps/${mapId}/bookmarks`, body);
      expect((await bookmarkOn(999999, { name: 'x', center: [0, 0], zoom: 3 })).status).toBe(404);
      expect(expectStatus(await bookmarkOn(map.id, { name: 'x', center: [0, 0] }), 422)).toHaveProperty(
        'errors.zoom',
      );
      const ownView = dataOf<{ bookmarks: Json[] }>(await client.request('GET', `/api/maps/${map.id}/show`));
      expect(ownView.bookmarks.map((row) => row.id)).toContain(bookmark.id);
      await signOut(client);

      await signIn(client, admin.email, admin.password);
      const adminView = dataOf<{ bookmarks: Json[] }>(
        await client.request('GET', `/api/maps/${map.id}/show`),
      );
      expect(adminView.bookmarks.map((row) => row.id)).not.toContain(bookmark.id);
      // The contract: another user's bookmark answers 404, as if it did not exist.
      expect(
        (await client.request('DELETE', `/api/maps/${map.id}/bookmarks/${String(bookmark.id)}`)).status,
      ).toBe(404);
      await signOut(client);

      await signIn(client, other.email, other.password);
      const stillThere = dataOf<{ bookmarks: Json[] }>(
        await client.request('GET', `/api/maps/${map.id}/show`),
      );
      expect(stillThere.bookmarks.map((row) => row.id)).toContain(bookmark.id);
      expect(
        (await client.request('DELETE', `/api/maps/${map.id}/bookmarks/${String(bookmark.id)}`)).status,
      ).toBe(204);
      await signOut(client);
      expect(
        (
          await client.request('POST', `/api/maps/${map.id}/bookmarks`, {
            name: 'x',
            center: [0, 0],
            zoom: 3,
          })
        ).status,
      ).toBe(401);
    });

    it('export a layer: the job finishes, and its download holds every feature of the layer', async () => {
      const client = browser();
      await signIn(client, admin.email, admin.password);
      const started = dataOf<Json>(
        await client.request('POST', `/api/maps/${map.id}/export-features`, {
          format: 'geojson',
          layer_id: layer.id,
        }),
        201,
      );
      expect(started).toMatchObject({
        id: expect.any(String),
        format: 'geojson',
        file_name: expect.stringMatching(/\.geojson$/),
      });
      // Named after the layer and the day (docs/decisions.md#exports): `pipes-2026-11-02.geojson`.
      const slug = layer.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
      expect(String(started.file_name)).toMatch(new RegExp(`^${slug}-\\d{4}-\\d{2}-\\d{2}\\.geojson$`));
      expect(['pending', 'running', 'ready']).toContain(started.status);
      let status = started;
      for (
        let poll = 0;
        status.status !== 'ready' && status.status !== 'failed' && poll < MAX_EXPORT_POLLS;
        poll += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = dataOf<Json>(await client.request('GET', `/api/exports/${String(started.id)}`));
      }
      expect(status).toMatchObject({
        id: started.id,
        status: 'ready',
        progress: 1,
        size: expect.any(Number),
      });
      const download = await client.request('GET', `/api/get-export/${String(started.id)}`);
      expect(download.status).toBe(200);
      expect(download.contentType).toMatch(/json/);
      expect(download.size).toBe(status.size);
      const collection = asObject(download.body);
      expect(collection.type).toBe('FeatureCollection');
      expect(collection.features).toHaveLength(layerTotal);
      expect((await client.request('GET', '/api/exports/00000000-0000-4000-8000-000000000000')).status).toBe(
        404,
      );
      const startOn = (mapId: number, body: Json) =>
        client.request('POST', `/api/maps/${mapId}/export-features`, body);
      expect((await startOn(999999, { format: 'geojson', layer_id: layer.id })).status).toBe(404);
      expect((await startOn(map.id, { format: 'geojson', layer_id: 999999 })).status).toBe(404);
      expect(expectStatus(await startOn(map.id, { format: 'pdf', layer_id: layer.id }), 422)).toHaveProperty(
        'errors.format',
      );
      // Another (non-admin) user may not poll or download it.
      const other = await createPlainUser(client, 'export');
      await signOut(client);
      await signIn(client, other.email, other.password);
      expect((await client.request('GET', `/api/exports/${String(started.id)}`)).status).toBe(403);
      expect((await client.request('GET', `/api/get-export/${String(started.id)}`)).status).toBe(403);
      await signOut(client);
      expect((await client.request('GET', `/api/get-export/${String(started.id)}`)).status).toBe(401);
    });
  });
}
