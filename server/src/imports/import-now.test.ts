import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { ImportRequest } from './import-layer.ts';
import { importLayerNow } from './import-now.ts';

let testApp: TestApp;
let admin: TestClient;
let adminId: number;
let mapId: number;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atlasboard-import-now-'));
  testApp = await startTestApp({ DATA_DIR: dir });
  const signedIn = await testApp.signedIn('admin');
  admin = signedIn.client;
  adminId = signedIn.user.id;
});

beforeEach(async () => {
  mapId = (await insertMap(testApp.database.db)).id;
});

afterAll(async () => {
  await testApp.close();
  await rm(dir, { recursive: true, force: true });
});

/** The app's database, telling `done` of each statement once it has run (inside transactions too). */
function watched(db: Database, done: (sql: string) => void): Database {
  const watch = (target: Queryable): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
      const rows = await target.query<Row>(sql, params);
      done(sql);
      return rows;
    },
  });
  return {
    ...watch(db),
    transaction: (work) => db.transaction((tx) => work(watch(tx))),
    close: () => db.close(),
  };
}

/** Meters on a grid (three write batches), with a WKT column; `broken` replaces one row's geometry. */
async function metersCsv(rows: number, broken?: { row: number; wkt: string }): Promise<string> {
  const lines = ['code,wkt'];
  for (let i = 1; i <= rows; i += 1) {
    const wkt =
      broken?.row === i
        ? broken.wkt
        : `POINT(${(-9.2 + (i % 50) * 0.001).toFixed(4)} ${(38.7 + Math.floor(i / 50) * 0.001).toFixed(4)})`;
    lines.push(`M-${i},"${wkt}"`);
  }
  const file = path.join(dir, `meters-${Date.now()}.csv`);
  await writeFile(file, lines.join('\n'));
  return file;
}

function request(file: string): ImportRequest {
  return {
    mapId,
    userId: adminId,
    name: 'Meters',
    categoryId: null,
    format: 'csv',
    file,
    sourceLayer: undefined,
    csv: { lon_column: undefined, lat_column: undefined, wkt_column: 'wkt' },
  };
}

const leftovers = async () => ({
  layers: (await testApp.database.db.query('SELECT id FROM layers WHERE map_id = $1', [mapId])).length,
  features: (
    await testApp.database.db.query(
      'SELECT f.id FROM features f JOIN layers l ON l.id = f.layer_id WHERE l.map_id = $1',
      [mapId],
    )
  ).length,
  jobs: (await testApp.database.db.query('SELECT 1 FROM jobs WHERE map_id = $1', [mapId])).length,
});

describe('an import answered in the request', () => {
  it("lets another client's read through between its batches, and shows the layer only when whole", async () => {
    const file = await metersCsv(2500);
    const order: string[] = [];
    let read: Promise<void> | undefined;
    let layersSeenMidway: unknown[] | undefined;
    const db = watched(testApp.database.db, (sql) => {
      // Once the first features are written, another client asks for the map's layers.
      if (read || !/INSERT INTO features/.test(sql)) return;
      read = admin.get(`/api/maps/${mapId}/layers`).then((response) => {
        expect(response.status).toBe(200);
        layersSeenMidway = response.json<{ data: unknown[] }>().data;
        order.push('read answered');
      });
    });

    const result = await importLayerNow(db, { request: request(file), file_name: 'meters.csv' });
    order.push('import finished');
    await read;

    expect(order).toEqual(['read answered', 'import finished']);
    // Mid-import the new layer did not show, not even in part.
    expect(layersSeenMidway).toEqual([]);
    expect(result).toMatchObject({
      imported: 2500,
      skipped: 0,
      layer: { name: 'Meters', features_count: 2500 },
    });
    const layers = await admin.get(`/api/maps/${mapId}/layers`);
    expect(layers.json<{ data: { id: number }[] }>().data.map((layer) => layer.id)).toEqual([
      result.layer.id,
    ]);
    // The request's job row goes too: an upload is not listed among the background imports.
    expect(await leftovers()).toEqual({ layers: 1, features: 2500, jobs: 0 });
  });

  it('that fails after some batches were written leaves no layer, feature or job', async () => {
    // PostGIS refuses the line of one point when its batch (the third) is written.
    const file = await metersCsv(2500, { row: 2400, wkt: 'LINESTRING(0 0)' });
    let written = 0;
    const db = watched(testApp.database.db, (sql) => {
      if (/INSERT INTO features/.test(sql)) written += 1;
    });

    await expect(importLayerNow(db, { request: request(file), file_name: 'meters.csv' })).rejects.toThrow(
      /before feature/,
    );

    expect(written).toBe(2);
    expect(await leftovers()).toEqual({ layers: 0, features: 0, jobs: 0 });
  });
});
