import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { getTile, tilePixel } from '../../test-support/tile-requests.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import { listOperations, loadDocument, type Operation } from '../openapi/document.ts';
import { ACCESS_CHANNEL } from './access-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

/**
 * Every operation of the document, by what decides who may call it. A new operation fails the
 * first test until it is placed here, so none escapes the checks below.
 * - `map`: names a map in its path; an outsider gets 404 for a private map, as for a missing one;
 * - `map-body`: names its map in the body or query (categories, attachments), checked by hand;
 * - `own`: the caller's own things (account, tokens, exports, imports);
 * - `admin`: administration of all users (or of all maps: creating one);
 * - `open`: no map and no account needed (sign-in, layer types, abilities).
 */
const MATRIX: Readonly<Record<string, 'map' | 'map-body' | 'own' | 'admin' | 'open'>> = {
  login: 'open',
  loginTwoFactor: 'open',
  register: 'open',
  verifyEmail: 'open',
  logout: 'own',
  forgetPassword: 'open',
  resetPassword: 'open',
  getAbilities: 'open',
  getAuthProviders: 'open',
  getCurrentUser: 'own',
  startTwoFactor: 'own',
  confirmTwoFactor: 'own',
  disableTwoFactor: 'own',
  listUserTokens: 'own',
  createUserToken: 'own',
  deleteUserToken: 'own',
  listUsers: 'admin',
  createUser: 'admin',
  getUser: 'own',
  updateUser: 'own',
  deleteUser: 'admin',
  listGroups: 'admin',
  createGroup: 'admin',
  getGroup: 'admin',
  updateGroup: 'admin',
  deleteGroup: 'admin',
  setGroupMembers: 'admin',
  listMaps: 'open',
  createMap: 'admin',
  listLayerTypes: 'open',
  getExport: 'own',
  downloadExport: 'own',
  getImport: 'own',
  uploadFeatureFiles: 'map-body',
  downloadFeatureFile: 'map-body',
  listCategories: 'map-body',
  createCategory: 'map-body',
  getCategory: 'map-body',
  updateCategory: 'map-body',
  deleteCategory: 'map-body',
};

const MAP_PATH = /^\/(api\/maps\/\{id\}|ogc\/maps\/\{map_id\})(\/|$)/;

function kindOf(operation: Operation): string | undefined {
  if (MAP_PATH.test(operation.path)) return 'map';
  return MATRIX[operation.operationId];
}

interface Place {
  mapId: number;
  layerId: number;
  featureId: number;
}

/**
 * A change to who may do what, written straight into the database as an admin tool would, and
 * then the same wait for its notice that the app's own writes make: on PostgreSQL the notice
 * reaches the access cache's connection a moment after the write commits.
 */
async function changeAccess(sql: string, params: unknown[] = []): Promise<void> {
  const { db } = t.database;
  await db.query(sql, params);
  await db.barrier?.(ACCESS_CHANNEL);
}

async function privateMap(): Promise<Place> {
  const { db } = t.database;
  const map = await insertMap(db, { title: 'Admins only' });
  await changeAccess(`UPDATE maps SET visibility = 'private' WHERE id = $1`, [map.id]);
  const layer = await insertLayer(db, map.id, { properties: [{ name: 'owner_note' }, { name: 'dn' }] });
  const feature = await insertFeature(
    db,
    layer.id,
    { type: 'Point', coordinates: [-9.14, 38.72] },
    {
      owner_note: 'secret',
      dn: 150,
    },
  );
  return { mapId: map.id, layerId: layer.id, featureId: feature.id };
}

/** Makes the account a viewer of the place's map. */
const grantViewer = (place: Place, userId: number) =>
  changeAccess(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
    place.mapId,
    userId,
  ]);

/** Hides the place's layer's `owner_note` from the account by a layer rule. */
const hideNote = (place: Place, userId: number) =>
  changeAccess(
    `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties) VALUES ($1, $2, $3, 'read', '["owner_note"]')`,
    [place.mapId, place.layerId, userId],
  );

function urlOf(operation: Operation, place: Place): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    if (name === 'id' || name === 'map_id') return String(place.mapId);
    if (name === 'layer_id' || name === 'collection_id') return String(place.layerId);
    if (name === 'feature_id') return String(place.featureId);
    if (name === 'z' || name === 'x' || name === 'y') return '0';
    return '1';
  });
}

async function call(client: TestClient, operation: Operation, place: Place) {
  return client.request(operation.method.toUpperCase(), urlOf(operation, place), { unchecked: true });
}

const documentOf = () => loadDocument();
const mapOperations = () => listOperations(documentOf()).filter((operation) => kindOf(operation) === 'map');
/** The document's promise to anonymous clients: `{}` among an operation's security alternatives. */
const admitsGuests = (operation: Operation) =>
  operation.security.some((requirement) => Object.keys(requirement).length === 0);

/**
 * A reader without an account (anonymous on a public map, or a share link's session): every
 * operation the document opens to guests answers something other than 401/403 (the data, or a
 * 404/422 for the made-up ids and missing bodies of this sweep), every other one is 401.
 */
async function guestSweep(client: TestClient, place: Place): Promise<string[]> {
  const wrong: string[] = [];
  for (const operation of mapOperations()) {
    const answer = await call(client, operation, place);
    const open = admitsGuests(operation);
    if (open ? [401, 403].includes(answer.status) : answer.status !== 401)
      wrong.push(`${operation.operationId}: ${answer.status}`);
  }
  return wrong;
}

describe('the authorisation matrix', () => {
  it('places every operation of the document', () => {
    const unplaced = listOperations(documentOf())
      .filter((operation) => kindOf(operation) === undefined)
      .map((operation) => operation.operationId);
    expect(unplaced).toEqual([]);
  });

  it('an outsider (and a manager of another map) gets 404 on every operation of a private map, as for a missing one', async () => {
    const place = await privateMap();
    const missing = { ...place, mapId: place.mapId + 1000 };
    const other = await insertMap(t.database.db);
    const { client: outsider } = await t.signedIn('user');
    const { client: otherManager, user: manager } = await t.signedIn('editor');
    await changeAccess(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'manager')`, [
      other.id,
      manager.id,
    ]);
    const wrong: string[] = [];
    for (const operation of mapOperations()) {
      for (const [who, client] of [
        ['outsider', outsider],
        ['manager of another map', otherManager],
      ] as const) {
        const answer = await call(client, operation, place);
        const absent = await call(client, operation, missing);
        // A body the operation cannot take is refused (422) before any map is looked up, the
        // same for every id; anything else must be the missing map's own answer: 404.
        const fine =
          (answer.status === 404 && absent.status === 404) ||
          (answer.status === 422 && absent.status === 422);
        if (!fine)
          wrong.push(`${who} ${operation.operationId}: ${answer.status} (missing map: ${absent.status})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a guest gets 401 or 404 on every operation of a private map, never its data', async () => {
    const place = await privateMap();
    const guest = t.client();
    await guest.prime();
    const wrong: string[] = [];
    for (const operation of mapOperations()) {
      const answer = await call(guest, operation, place);
      if (![401, 404, 422].includes(answer.status) || answer.text.includes('secret'))
        wrong.push(`${operation.operationId}: ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the maps list holds only the maps the caller reads', async () => {
    const place = await privateMap();
    const shared = await insertMap(t.database.db, { title: 'Everyone' });
    const { client } = await t.signedIn('user');
    const titles = (await client.get('/api/maps'))
      .json<{ data: { id: number }[] }>()
      .data.map((map) => map.id);
    expect(titles).toEqual([shared.id]);
    const { client: admin } = await t.signedIn('admin');
    const all = (await admin.get('/api/maps')).json<{ data: { id: number }[] }>().data.map((map) => map.id);
    expect(all.sort()).toEqual([place.mapId, shared.id].sort());
  });
});

describe('readers without an account', () => {
  it('an anonymous client reads a public map through exactly the operations open to guests', async () => {
    const place = await privateMap();
    await changeAccess(`UPDATE maps SET visibility = 'public' WHERE id = $1`, [place.mapId]);
    const guest = t.client();
    await guest.prime();
    expect(await guestSweep(guest, place)).toEqual([]);
    const page = await guest.get(`/api/maps/${place.mapId}/layers/${place.layerId}/features`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('secret');
    // A map that is not public stays closed to them: sign in first.
    const other = await privateMap();
    expect((await guest.get(`/api/maps/${other.mapId}`)).status).toBe(401);
    expect((await guest.get(`/api/maps/${other.mapId}/layers/${other.layerId}/features`)).status).toBe(401);
  });

  it('a share link’s session reads its one map through the operations open to guests, and nothing else', async () => {
    const place = await privateMap();
    const other = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const made = await admin.post(`/api/maps/${place.mapId}/share-links`, { label: 'Survey' });
    expect(made.status).toBe(201);
    const url = made.json<{ data: { url: string } }>().data.url;
    const reader = t.client();
    const opened = await reader.get(url, { unchecked: true });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/maps/${place.mapId}/show`);
    await reader.prime();
    expect(await guestSweep(reader, place)).toEqual([]);
    expect((await reader.get(`/api/maps/${place.mapId}/show`)).status).toBe(200);
    expect((await reader.get(`/api/maps/${other.mapId}`)).status).toBe(401);
    expect((await reader.get('/api/maps')).status).toBe(401);
  });
});

describe('grants', () => {
  it('a viewer reads the private map and its features but changes nothing; withdrawing the grant holds on the next request', async () => {
    const place = await privateMap();
    const { client, user } = await t.signedIn('editor');
    await grantViewer(place, user.id);
    expect((await client.get(`/api/maps/${place.mapId}`)).status).toBe(200);
    const page = await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}/features`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('secret');
    const edit = await client.post(`/api/maps/${place.mapId}/layers/${place.layerId}/features`, {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-9.1, 38.7] },
      properties: {},
    });
    expect(edit.status).toBe(403);
    const layer = await client.post(`/api/maps/${place.mapId}/layers`, { name: 'Mine', type: 'vector' });
    expect(layer.status).toBe(403);
    await changeAccess(`DELETE FROM map_grants WHERE map_id = $1 AND user_id = $2`, [place.mapId, user.id]);
    expect((await client.get(`/api/maps/${place.mapId}`)).status).toBe(404);
  });

  it('a grant to a group reaches its members; a manager changes the map, layers included', async () => {
    const place = await privateMap();
    const { client, user } = await t.signedIn('user');
    const { db } = t.database;
    const group = (
      await db.query<{ id: number }>(`INSERT INTO groups (name) VALUES ('Field crew') RETURNING id`)
    )[0];
    await changeAccess(`INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)`, [group?.id, user.id]);
    await changeAccess(`INSERT INTO map_grants (map_id, group_id, role) VALUES ($1, $2, 'manager')`, [
      place.mapId,
      group?.id,
    ]);
    const renamed = await client.post(`/api/maps/${place.mapId}`, { title: 'Renamed by its manager' });
    expect(renamed.status).toBe(200);
    const layer = await client.put(`/api/maps/${place.mapId}/layers/${place.layerId}`, { name: 'Pipes' });
    expect(layer.status).toBe(200);
    expect((await client.delete(`/api/maps/${place.mapId}`)).status).toBe(403);
  });
});

describe('layer rules', () => {
  it("a hidden property is not named by the layer's style either: no label, classes or sizes by it", async () => {
    const place = await privateMap();
    const { db } = t.database;
    await db.query(
      `UPDATE layers SET time_property = 'owner_note', style = style || $2::jsonb WHERE id = $1`,
      [
        place.layerId,
        JSON.stringify({
          label_property: 'owner_note',
          kind: 'categorized',
          property: 'owner_note',
          categories: [{ value: 'secret', label: 'Kept secret', color: '#ff0000' }],
          size: { property: 'owner_note', classes: [{ min: 0, max: 1 }] },
        }),
      ],
    );
    const { client, user } = await t.signedIn('user');
    await grantViewer(place, user.id);
    const before = await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}`);
    expect(before.text).toContain('Kept secret');
    await hideNote(place, user.id);
    for (const answer of [
      await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}`),
      await client.get(`/api/maps/${place.mapId}/layers`),
      await client.get(`/api/maps/${place.mapId}/show`, { query: { with_layers: 1 } }),
      await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}/tiles.json`),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('owner_note');
      expect(answer.text).not.toContain('secret');
    }
    const layer = (await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}`)).json<{
      data: { style: Record<string, unknown>; time_property: unknown };
    }>().data;
    expect(layer.style).toMatchObject({ kind: 'single', property: null, label_property: null, size: null });
    expect(layer.time_property).toBeNull();
  });

  it('exports leave a hidden property out of the file, and an export with a search finds nothing by it', async () => {
    const place = await privateMap();
    const { client, user } = await t.signedIn('user');
    await grantViewer(place, user.id);
    await hideNote(place, user.id);
    const exported = async (format: string, extra: Record<string, unknown> = {}) => {
      const started = await client.post(`/api/maps/${place.mapId}/export-features`, {
        format,
        layer_id: place.layerId,
        ...extra,
      });
      expect(started.status).toBe(201);
      const { data } = started.json<{ data: { id: string; status: string } }>();
      expect(data.status).toBe('ready');
      const download = await client.get(`/api/get-export/${data.id}`);
      expect(download.status).toBe(200);
      return download.raw.toString('utf8');
    };
    for (const format of ['geojson', 'csv']) {
      const file = await exported(format);
      expect(file).toContain('150');
      expect(file).not.toContain('owner_note');
      expect(file).not.toContain('secret');
    }
    // The table's search finds nothing by a hidden value; neither does an export of that search.
    expect(await exported('geojson', { search: 'secret' })).not.toContain('150');
    expect(await exported('geojson', { search: '150' })).toContain('150');
  });

  it('pages and tiles leave a hidden property out, whichever way the page is read and whoever asked for the tile first', async () => {
    const place = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const { client, user } = await t.signedIn('user');
    const { client: other, user: otherUser } = await t.signedIn('user');
    for (const id of [user.id, otherUser.id]) await grantViewer(place, id);
    await hideNote(place, user.id);
    const features = `/api/maps/${place.mapId}/layers/${place.layerId}/features`;
    const at = tilePixel(-9.14, 38.72, 14);
    const tileUrl = `/api/maps/${place.mapId}/layers/${place.layerId}/tiles/14/${at.x}/${at.y}`;
    const tileText = async (reader: TestClient) => {
      const response = await getTile(t, reader, tileUrl);
      expect(response.statusCode).toBe(200);
      return response.rawPayload.toString('latin1');
    };
    // The admin's tile, with every property, is cached first; the reader's must not be it.
    expect(await tileText(admin)).toContain('secret');
    expect(await tileText(client)).not.toContain('secret');
    // And the reader's, cached now, is not what a reader without the rule or the admin get.
    expect(await tileText(other)).toContain('secret');
    expect(await tileText(admin)).toContain('secret');
    expect(await tileText(client)).not.toContain('owner_note');
    // A first page and a next link (each read in one statement), a sorted page and a search (read
    // step by step): the property is in none of them, the others are.
    const queries: Record<string, string | number>[] = [
      { page: 1 },
      { page: 1, after_id: 0 },
      { sort: 'dn' },
      { search: '150' },
    ];
    for (const query of queries) {
      const page = await client.get(features, { query });
      expect([query, page.status]).toEqual([query, 200]);
      expect([query, page.json<{ data: unknown[] }>().data.length]).toEqual([query, 1]);
      expect(page.json<{ data: { properties: Record<string, unknown> }[] }>().data).toEqual([
        expect.objectContaining({ properties: { dn: 150 } }),
      ]);
    }
    expect((await client.get(features, { query: { search: 'secret' } })).json()).toMatchObject({ data: [] });
    const seenByOther = await other.get(features, { query: { page: 1 } });
    expect(seenByOther.json<{ data: { properties: unknown }[] }>().data[0]?.properties).toEqual({
      owner_note: 'secret',
      dn: 150,
    });
  });

  it('validators carry no hidden property: a tile cached with it is not 304, an item ETag is not a hash of it, and If-Match works', async () => {
    const place = await privateMap();
    const { client: admin } = await t.signedIn('admin');
    const { client, user } = await t.signedIn('user');
    await changeAccess(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, 'editor')`, [
      place.mapId,
      user.id,
    ]);
    await changeAccess(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, access, hidden_properties) VALUES ($1, $2, $3, 'edit', '["owner_note"]')`,
      [place.mapId, place.layerId, user.id],
    );
    // A browser that held the full tile (signed in as the admin before) asks to revalidate it.
    const at = tilePixel(-9.14, 38.72, 14);
    const tileUrl = `/api/maps/${place.mapId}/layers/${place.layerId}/tiles/14/${at.x}/${at.y}`;
    const full = await getTile(t, admin, tileUrl);
    const fullTag = String(full.headers.etag);
    const revalidated = await getTile(t, client, tileUrl, { 'if-none-match': fullTag });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.rawPayload.toString('latin1')).not.toContain('secret');
    // The reader's own validator still saves the download.
    const ownTag = String(revalidated.headers.etag);
    expect((await getTile(t, client, tileUrl, { 'if-none-match': ownTag })).statusCode).toBe(304);
    expect((await getTile(t, admin, tileUrl, { 'if-none-match': ownTag })).statusCode).toBe(200);

    // The OGC item's ETag hashes what the caller is sent, so it cannot be used to guess the note.
    const collections = (await client.get(`/ogc/maps/${place.mapId}/collections`)).json<{
      collections: { id: string }[];
    }>();
    const item = `/ogc/maps/${place.mapId}/collections/${collections.collections[0]?.id}/items/${place.featureId}`;
    const seen = await client.get(item);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('secret');
    const tag = seen.headers.etag;
    expect(tag).not.toBe((await admin.get(item)).headers.etag);
    const patched = await client.request('PATCH', item, {
      body: { properties: { dn: '200' } },
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': String(tag) },
    });
    expect([patched.status, patched.text]).toEqual([204, '']);
    // The next ETag (answered by the write) is the one a read now gives, and the old one is stale.
    expect(patched.headers.etag).toBe((await client.get(item)).headers.etag);
    const stale = await client.request('PATCH', item, {
      body: { properties: { dn: '300' } },
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': String(tag) },
    });
    expect(stale.status).toBe(412);
    const stored = await t.database.db.query<{ properties: Record<string, unknown> }>(
      'SELECT properties FROM features WHERE id = $1',
      [place.featureId],
    );
    expect(stored[0]?.properties).toEqual({ owner_note: 'secret', dn: '200' });
  });

  it('a hidden layer is 404 and left out of the layer list; a hidden property appears in no feature and finds none', async () => {
    const place = await privateMap();
    const { db } = t.database;
    const second = await insertLayer(db, place.mapId, { name: 'Visible' });
    const { client, user } = await t.signedIn('user');
    await grantViewer(place, user.id);
    await hideNote(place, user.id);
    const layer = await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}`, {
      query: { include_data: 1 },
    });
    expect(layer.status).toBe(200);
    expect(layer.text).not.toContain('owner_note');
    expect(layer.text).not.toContain('secret');
    expect(layer.text).toContain('150');

    // Finding features neither matches on a hidden property nor answers it.
    const filterPath = `/api/maps/${place.mapId}/filter-features`;
    const onHidden = [{ property: 'owner_note', operator: 'eq', value: 'secret' }];
    const refused = await client.post(filterPath, {
      layers_filter: [{ layer_id: place.layerId, filters: onHidden }],
    });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { 'layers_filter.0.filters.0.property': ['The layer has no property named "owner_note".'] },
    });
    const exported = await client.post(`/api/maps/${place.mapId}/export-filter-features`, {
      format: 'geojson',
      layers_filter: [{ layer_id: place.layerId, filters: onHidden }],
    });
    expect(exported.status).toBe(422);
    const filtered = await client.post(filterPath, {
      layers_filter: [{ layer_id: place.layerId, filters: [{ property: 'dn', operator: 'eq', value: 150 }] }],
    });
    expect(filtered.json<{ data: unknown[] }>().data).toHaveLength(1);
    expect(filtered.text).not.toContain('owner_note');
    await t.database.db.query(
      `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, 'Notes', '["owner_note", "dn"]', 'owner_note')`,
      [place.mapId, place.layerId],
    );
    const search = (value: string) =>
      client.post(`/api/maps/${place.mapId}/main-search/features`, {
        layer_id: place.layerId,
        search_value: value,
      });
    expect((await search('secret')).json()).toEqual({ data: [] });
    const byNumber = await search('150');
    expect(byNumber.json<{ data: unknown[] }>().data).toHaveLength(1);
    expect(byNumber.text).not.toContain('owner_note');

    await changeAccess(`UPDATE layer_rules SET access = 'hidden'`);
    expect((await search('150')).status).toBe(422);
    expect(
      (
        await client.post(filterPath, {
          layers_filter: [{ layer_id: place.layerId, filters: [] }],
        })
      ).json(),
    ).toMatchObject({ errors: { 'layers_filter.0.layer_id': [expect.any(String)] } });
    expect((await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}`)).status).toBe(404);
    expect((await client.get(`/api/maps/${place.mapId}/layers/${place.layerId}/features`)).status).toBe(404);
    const list = (await client.get(`/api/maps/${place.mapId}/layers`)).json<{ data: { id: number }[] }>();
    expect(list.data.map((entry) => entry.id)).toEqual([second.id]);
  });
});
