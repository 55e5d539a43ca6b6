import { expect, it } from 'vitest';
import type { ParityClient } from './parity-client';
import type { ParityTown } from './parity-town';
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

/** Polls are bounded: a job that never finishes fails the scenario instead of hanging it. */
const MAX_EXPORT_POLLS = 100;

/** Bookmark privacy, roles, XSRF and the export job. */
export function privacyAndExportScenarios(town: ParityTown): void {
  it("bookmarks are private: another user's bookmark is not shown and cannot be deleted", async () => {
    const { admin, browser, map, layer, featuresPath } = town;
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
    const adminView = dataOf<{ bookmarks: Json[] }>(await client.request('GET', `/api/maps/${map.id}/show`));
    expect(adminView.bookmarks.map((row) => row.id)).not.toContain(bookmark.id);
    // The contract: another user's bookmark answers 404, as if it did not exist.
    expect(
      (await client.request('DELETE', `/api/maps/${map.id}/bookmarks/${String(bookmark.id)}`)).status,
    ).toBe(404);
    await signOut(client);

    await signIn(client, other.email, other.password);
    const stillThere = dataOf<{ bookmarks: Json[] }>(await client.request('GET', `/api/maps/${map.id}/show`));
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
    const { admin, browser, map, layer, layerTotal } = town;
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

  it('export a search, a selection and a filter: each file holds what the same question lists', async () => {
    const { admin, browser, map, layer, featuresPath } = town;
    const client = browser();
    await signIn(client, admin.email, admin.password);
    const sample = pageOf<WireFeature>(await client.request('GET', featuresPath('per_page=50'))).data;
    const picked = sample.map(textProperty).find((entry) => entry !== undefined);
    expect(picked, 'a feature with a text property').toBeDefined();
    const [property, value] = picked as [string, string];

    const searched = pageOf(
      await client.request('GET', featuresPath(`per_page=1&search=${encodeURIComponent(value)}`)),
    );
    const bySearch = await exportedFeatures(client, `/api/maps/${map.id}/export-features`, {
      format: 'geojson',
      layer_id: layer.id,
      search: value,
    });
    expect(bySearch).toHaveLength(searched.meta.total);

    const chosen = sample.slice(0, 3).map((row) => row.id);
    const bySelection = await exportedFeatures(client, `/api/maps/${map.id}/export-multi-selected-features`, {
      format: 'geojson',
      layer_id: layer.id,
      feature_ids: chosen,
    });
    expect(bySelection.map((row) => row.id).sort((a, b) => a - b)).toEqual([...chosen].sort((a, b) => a - b));

    const layersFilter = [{ layer_id: layer.id, filters: [{ property, operator: 'eq', value }] }];
    const filtered = pageOf(
      await client.request('POST', `/api/maps/${map.id}/filter-features?per_page=1`, {
        layers_filter: layersFilter,
      }),
    );
    const byFilter = await exportedFeatures(client, `/api/maps/${map.id}/export-filter-features`, {
      format: 'geojson',
      layers_filter: layersFilter,
    });
    expect(byFilter).toHaveLength(filtered.meta.total);
    for (const row of byFilter) expect(row.properties[property]).toBe(value);
  });
}

/** Starts a GeoJSON export, polls it to `ready` (bounded) and reads the downloaded features. */
async function exportedFeatures(client: ParityClient, path: string, body: Json): Promise<WireFeature[]> {
  let status = dataOf<Json>(await client.request('POST', path, body), 201);
  for (
    let poll = 0;
    status.status !== 'ready' && status.status !== 'failed' && poll < MAX_EXPORT_POLLS;
    poll += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = dataOf<Json>(await client.request('GET', `/api/exports/${String(status.id)}`));
  }
  expect(status.status).toBe('ready');
  const download = await client.request('GET', `/api/get-export/${String(status.id)}`);
  expect(download.status).toBe(200);
  return asObject(download.body).features as WireFeature[];
}
