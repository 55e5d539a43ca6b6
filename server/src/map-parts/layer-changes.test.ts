import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import {
  deleteLayerPropertiesInMapParts,
  moveLayerMapParts,
  renameLayerPropertyInMapParts,
} from './layer-changes.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => database.reset());

async function setUp() {
  const { db } = database;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id);
  const other = await insertLayer(db, map.id);
  const add = (sql: string, values: unknown[]) => db.query(sql, [map.id, ...values]);
  await add(
    `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES ($1, $2, $3, $4, 'contains')`,
    [pipes.id, 'both', JSON.stringify(['street', 'material'])],
  );
  await add(
    `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES ($1, $2, $3, $4, 'contains')`,
    [pipes.id, 'street only', JSON.stringify(['street'])],
  );
  await add(
    `INSERT INTO searches (map_id, layer_id, name, fields, operator) VALUES ($1, $2, $3, $4, 'contains')`,
    [other.id, 'other layer', JSON.stringify(['street'])],
  );
  await add(
    `INSERT INTO main_searches (map_id, layer_id, label, fields, display_field) VALUES ($1, $2, $3, $4, $5)`,
    [pipes.id, 'Pipes', JSON.stringify(['material', 'street']), 'street'],
  );
  await add(`INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, $3, $4, 'text')`, [
    pipes.id,
    'Street',
    'street',
  ]);
  await add(`INSERT INTO filters (map_id, layer_id, name, property, type) VALUES ($1, $2, $3, $4, 'text')`, [
    pipes.id,
    'Material',
    'material',
  ]);
  return { map, pipes };
}

const rows = (sql: string) => database.db.query(sql);

describe('map parts follow layer changes', () => {
  it('renames a property everywhere it is used on its layer only', async () => {
    const { pipes } = await setUp();
    await renameLayerPropertyInMapParts(database.db, pipes.id, 'street', 'road');
    expect(await rows('SELECT name, fields FROM searches ORDER BY id')).toEqual([
      { name: 'both', fields: ['road', 'material'] },
      { name: 'street only', fields: ['road'] },
      { name: 'other layer', fields: ['street'] },
    ]);
    expect(await rows('SELECT fields, display_field FROM main_searches')).toEqual([
      { fields: ['material', 'road'], display_field: 'road' },
    ]);
    expect(await rows('SELECT property FROM filters ORDER BY id')).toEqual([
      { property: 'road' },
      { property: 'material' },
    ]);
  });

  it('drops deleted properties and whatever is left with nothing to search or show', async () => {
    const { pipes } = await setUp();
    await deleteLayerPropertiesInMapParts(database.db, pipes.id, ['street']);
    expect(await rows('SELECT name, fields FROM searches ORDER BY id')).toEqual([
      { name: 'both', fields: ['material'] },
      { name: 'other layer', fields: ['street'] },
    ]);
    // Its display field is gone, so the entry is too.
    expect(await rows('SELECT id FROM main_searches')).toEqual([]);
    expect(await rows('SELECT property FROM filters')).toEqual([{ property: 'material' }]);
  });

  it('moves the parts of a moved layer to the end of the target map lists', async () => {
    const { map, pipes } = await setUp();
    const target = await insertMap(database.db);
    const there = await insertLayer(database.db, target.id);
    await database.db.query(
      `INSERT INTO filters (map_id, layer_id, name, property, type, "order") VALUES ($1, $2, 'Kept', 'x', 'text', 4)`,
      [target.id, there.id],
    );
    await database.db.query('UPDATE layers SET map_id = $2 WHERE id = $1', [pipes.id, target.id]);
    await moveLayerMapParts(database.db, pipes.id, target.id);
    expect(await rows('SELECT name, map_id FROM searches ORDER BY id')).toEqual([
      { name: 'both', map_id: target.id },
      { name: 'street only', map_id: target.id },
      { name: 'other layer', map_id: map.id },
    ]);
    expect(await rows('SELECT map_id FROM main_searches')).toEqual([{ map_id: target.id }]);
    expect(await rows('SELECT name, map_id, "order" FROM filters ORDER BY "order", id')).toEqual([
      { name: 'Kept', map_id: target.id, order: 4 },
      { name: 'Street', map_id: target.id, order: 5 },
      { name: 'Material', map_id: target.id, order: 5 },
    ]);
  });
});
