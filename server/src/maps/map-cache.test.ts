import { describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { useStatementCountingApp } from '../../test-support/statement-counting-app.ts';
import { keepsMaps } from './map-cache.ts';

/**
 * The embedded server keeps maps with their layers in memory. Whoever changes a map, a layer
 * or a feature (here: plain SQL, as a script or a person at psql would), the next request sees
 * the change, and a request once the map is known asks the database only for its answer.
 */
const { t, statements, signedIn } = useStatementCountingApp();

interface Items {
  numberMatched?: number;
  features: { id: number }[];
}

describe('maps and layers kept in memory', () => {
  it('follow every change to a map, a layer or its features at once', async () => {
    const db = t().database.db;
    const client = await signedIn();
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id, { name: 'Fire hydrants' });
    await insertFeature(db, layer.id, { type: 'Point', coordinates: [-9, 38] });
    const items = (collection: string | number, mapId = map.id) =>
      client.get(`/ogc/maps/${mapId}/collections/${collection}/items`, { query: { limit: 10 } });

    const first = await items('fire-hydrants');
    expect(first.status).toBe(200);
    expect(first.json<Items>().numberMatched).toBe(1);
    const before = statements.length;
    expect((await items('fire-hydrants')).status).toBe(200);
    // Kept: only the page. PostgreSQL keeps nothing (another instance's change would be heard
    // late): the collection names, the map and layer, the names again, then the page.
    expect(statements.length - before).toBe(keepsMaps(db) ? 1 : 4);

    // A feature written beside the server: its layer's count and version move.
    await insertFeature(db, layer.id, { type: 'Point', coordinates: [-9.1, 38.1] });
    expect((await items('fire-hydrants')).json<Items>().numberMatched).toBe(2);

    // Renamed: the collection id is the new name's slug, and the old one names nothing.
    await db.query('UPDATE layers SET name = $2 WHERE id = $1', [layer.id, 'Hydrants']);
    expect((await items('fire-hydrants')).status).toBe(404);
    expect((await items('hydrants')).status).toBe(200);

    // Hidden while an import fills it, then back.
    const job = '00000000-0000-4000-8000-000000000001';
    await db.query(`INSERT INTO jobs (id, kind, status) VALUES ($1, 'import', 'running')`, [job]);
    await db.query('UPDATE layers SET import_job_id = $2 WHERE id = $1', [layer.id, job]);
    expect((await items('hydrants')).status).toBe(404);
    await db.query('UPDATE layers SET import_job_id = NULL WHERE id = $1', [layer.id]);
    expect((await items('hydrants')).status).toBe(200);

    // Moved to another map: gone from this one, found on the other.
    const other = await insertMap(db);
    expect((await items(layer.id, other.id)).status).toBe(404);
    await db.query('UPDATE layers SET map_id = $2 WHERE id = $1', [layer.id, other.id]);
    expect((await items(layer.id)).status).toBe(404);
    expect((await items(layer.id, other.id)).status).toBe(200);

    // Deleted with its map.
    await db.query('DELETE FROM maps WHERE id = $1', [other.id]);
    expect((await items(layer.id, other.id)).status).toBe(404);
  });

  it('answers tiles under the layer version the database has now', async () => {
    const db = t().database.db;
    const client = await signedIn();
    const map = await insertMap(db);
    const layer = await insertLayer(db, map.id);
    await insertFeature(db, layer.id, { type: 'Point', coordinates: [0.5, 0.5] });
    const tile = () => client.get(`/api/maps/${map.id}/layers/${layer.id}/tiles/1/1/0`);
    const first = await tile();
    expect(first.status).toBe(200);
    await db.query(`UPDATE features SET properties = '{"changed": true}' WHERE layer_id = $1`, [layer.id]);
    const second = await tile();
    expect(second.status).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });
});
