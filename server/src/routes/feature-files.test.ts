import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-files-'));
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.reset();
  rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
});

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----atlasboard${Date.now()}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"\r\nContent-Type: image/png`) +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return {
    rawBody: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (client: TestClient, parts: Part[]) =>
  client.request('POST', '/api/feature-layer/files', multipart(parts));

async function feature() {
  const map = await insertMap(t.database.db);
  const layer = await insertLayer(t.database.db, map.id);
  const row = await insertFeature(t.database.db, layer.id, { type: 'Point', coordinates: [0, 0] });
  return { map, layer, feature: row };
}

const storedFiles = () => {
  const root = path.join(dataDir, 'files', 'features');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
};
const fileRows = async () =>
  (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM feature_files'))[0]?.n;

interface StoredFile {
  id: number;
  name: string;
  mime_type: string;
  size: number;
  url: string;
}

describe('feature attachments', () => {
  it('stores every file, checked by content, with a history entry each', async () => {
    const { client, user } = await t.signedIn('editor');
    const { map, layer, feature: row } = await feature();
    const response = await upload(client, [
      { name: 'feature_id', value: String(row.id) },
      { name: 'files', value: PNG, filename: '../../etc/valve photo.png' },
      { name: 'files[]', value: 'code,depth\nV-1,1.2\n', filename: 'survey.csv' },
    ]);
    expect(response.status).toBe(201);
    const files = response.json<{ data: StoredFile[] }>().data;
    expect(files.map((f) => [f.name, f.mime_type, f.size])).toEqual([
      ['valve photo.png', 'image/png', PNG.length],
      ['survey.csv', 'text/csv', 19],
    ]);
    expect(storedFiles()).toHaveLength(2);
    const history = await client.get(`/api/maps/${map.id}/features/${row.id}/history`);
    expect(history.json<{ data: { event: string; user: { id: number } }[] }>().data).toMatchObject([
      { event: 'file_added', user: { id: user.id } },
      { event: 'file_added', user: { id: user.id } },
    ]);
    // Pages and filter results read the files in the same query as the rows: the same objects.
    const listed = await client.get(`/api/maps/${map.id}/layers/${layer.id}/features`);
    expect(listed.json<{ data: { files: StoredFile[] }[] }>().data[0]?.files).toEqual(files);
    const filtered = await client.request('POST', `/api/maps/${map.id}/filter-features`, {
      body: { layers_filter: [{ layer_id: layer.id, filters: [], bbox: [-1, -1, 1, 1] }] },
    });
    expect(filtered.json<{ data: { files: StoredFile[] }[] }>().data[0]?.files).toEqual(files);
  });

  it('refuses an HTML page renamed .png, storing none of the files sent with it', async () => {
    const { client } = await t.signedIn('editor');
    const { feature: row } = await feature();
    const response = await upload(client, [
      { name: 'feature_id', value: String(row.id) },
      { name: 'files', value: PNG, filename: 'fine.png' },
      { name: 'files', value: HTML, filename: 'photo.png' },
      { name: 'files', value: PNG, filename: 'page.html' },
    ]);
    expect(response.status).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['files.1', 'files.2']);
    expect(await fileRows()).toBe(0);
    expect(storedFiles()).toHaveLength(0);
    expect(readdirSync(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('lets only editors and admins attach files, to features that exist', async () => {
    const { client } = await t.signedIn('user');
    const { feature: row } = await feature();
    const parts = [
      { name: 'feature_id', value: String(row.id) },
      { name: 'files', value: PNG, filename: 'a.png' },
    ];
    expect((await upload(client, parts)).status).toBe(403);
    const editor = (await t.signedIn('editor')).client;
    const missing = await upload(editor, [{ name: 'feature_id', value: '999999' }, parts[1] as Part]);
    expect(missing.status).toBe(422);
    expect(missing.json<{ errors: object }>().errors).toHaveProperty('feature_id');
  });

  it('downloads as an attachment that browsers will not sniff or run, and deletes', async () => {
    const { client } = await t.signedIn('editor');
    const { map, feature: row } = await feature();
    const [stored] = (
      await upload(client, [
        { name: 'feature_id', value: String(row.id) },
        { name: 'files', value: PNG, filename: 'plan é.png' },
      ])
    ).json<{ data: StoredFile[] }>().data;
    if (!stored) throw new Error('no file stored');
    const reader = (await t.signedIn('user')).client;
    const cookie = [...reader.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const download = await t.app.inject({ method: 'GET', url: stored.url, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="plan _.png"; filename*=UTF-8''plan%20%C3%A9.png`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");

    const url = `/api/maps/${map.id}/delete-feature-file/${stored.id}`;
    expect((await reader.delete(url, { query: { storage_type: 'local' } })).status).toBe(403);
    expect((await client.delete(url, { query: { storage_type: 's3' } })).status).toBe(422);
    const other = await insertMap(t.database.db);
    expect(
      (
        await client.delete(`/api/maps/${other.id}/delete-feature-file/${stored.id}`, {
          query: { storage_type: 'local' },
        })
      ).status,
    ).toBe(404);
    expect((await client.delete(url, { query: { storage_type: 'local' } })).status).toBe(204);
    expect(await fileRows()).toBe(0);
    expect(storedFiles()).toHaveLength(0);
    const history = await client.get(`/api/maps/${map.id}/features/${row.id}/history`);
    expect(history.json<{ data: { event: string }[] }>().data.map((entry) => entry.event)).toEqual([
      'file_deleted',
      'file_added',
    ]);
  });
});
