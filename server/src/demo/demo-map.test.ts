import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, startOnEmptyDatabase } from '../../test-support/demo-town.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import type { Queryable } from '../db/database.ts';
import { CATEGORY_COLUMNS, toCategory } from '../map-parts/categories-store.ts';
import { FILTER_COLUMNS, toFilter } from '../map-parts/filters-store.ts';
import { MAIN_SEARCH_COLUMNS, toMainSearch } from '../map-parts/main-searches-store.ts';
import { SEARCH_COLUMNS, toSearch } from '../map-parts/searches-store.ts';
import {
  FEATURE_COLUMNS,
  LAYER_COLUMNS,
  MAP_COLUMNS,
  toFeature,
  toLayer,
  toMap,
  type CategoryBody,
  type FeatureRow,
  type FilterBody,
  type LayerRow,
  type MainSearchBody,
  type MapRow,
  type SearchBody,
} from '../maps/records.ts';
import { loadDocument } from '../openapi/document.ts';
import { createSchemaCompiler } from '../openapi/schema-compiler.ts';
import { generateTown } from '@shared/demo/town.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** Everything a viewer sees of the demo map, without the timestamps of the run that wrote it. */
async function snapshot(db: Queryable): Promise<unknown[]> {
  return Promise.all([
    db.query('SELECT id, title, description, center, zoom, rotation, basemap FROM maps ORDER BY id'),
    db.query('SELECT * FROM categories ORDER BY id'),
    db.query(
      `SELECT id, map_id, category_id, name, type, geometry_type, style, "order", properties, features_count,
         extent_box::text AS extent FROM layers ORDER BY id`,
    ),
    db.query(
      `SELECT count(*)::int AS n, md5(string_agg(id || ':' || layer_id || ':' || ST_AsHEXEWKB(geom) || ':' || properties::text, '|' ORDER BY id)) AS digest
       FROM features`,
    ),
    db.query('SELECT * FROM searches ORDER BY id'),
    db.query('SELECT * FROM main_searches ORDER BY id'),
    db.query('SELECT * FROM filters ORDER BY id'),
  ]);
}

describe('the demo map', () => {
  const town = generateTown();
  beforeAll(async () => {
    await database.reset();
    await startOnEmptyDatabase(database.db, {});
  });

  it('is one map with its layers in three categories, framing the town on the offline basemap', async () => {
    const maps = await database.db.query<{ title: string; center: number[]; zoom: number; basemap: string }>(
      'SELECT title, center, zoom, basemap FROM maps',
    );
    expect(maps).toEqual([
      { title: 'Demo town water network', center: town.center, zoom: 14, basemap: 'offline' },
    ]);
    const [west, south, east, north] = town.extent;
    expect(town.center[0]).toBeGreaterThan(west);
    expect(town.center[0]).toBeLessThan(east);
    expect(town.center[1]).toBeGreaterThan(south);
    expect(town.center[1]).toBeLessThan(north);
    const tree = await database.db.query<{ category: string; layer: string }>(
      `SELECT c.name AS category, l.name AS layer FROM layers l JOIN categories c ON c.id = l.category_id
       ORDER BY c."order", l."order"`,
    );
    expect(tree).toEqual([
      { category: 'Network', layer: 'Pipes' },
      { category: 'Network', layer: 'Valves' },
      { category: 'Network', layer: 'Hydrants' },
      { category: 'Network', layer: 'Service points' },
      { category: 'Network', layer: 'Sources' },
      { category: 'Zones', layer: 'Pressure zones' },
      { category: 'Base', layer: 'Streets' },
    ]);
    // The meters sit on the pipes; shown at once, a tap on a pipe would pick one of them.
    const hidden = await database.db.query<{ name: string }>('SELECT name FROM layers WHERE NOT visible');
    expect(hidden).toEqual([{ name: 'Service points' }]);
  });

  it('draws the streets under the network, named, and the network themed by material, diameter and type', async () => {
    const layers = await database.db.query<{ name: string; order: number; style: Record<string, unknown> }>(
      'SELECT name, "order", style FROM layers ORDER BY "order"',
    );
    expect(layers.map((layer) => layer.name)).toEqual([
      'Pressure zones',
      'Streets',
      'Pipes',
      'Valves',
      'Hydrants',
      'Service points',
      'Sources',
    ]);
    const style = (name: string) => layers.find((layer) => layer.name === name)?.style ?? {};
    const values = (name: string) =>
      ((style(name).categories ?? []) as { value: string }[]).map((entry) => entry.value).sort();
    expect(style('Pipes')).toMatchObject({ kind: 'categorized', property: 'material' });
    expect(values('Pipes')).toEqual(['asbestos_cement', 'cast_iron', 'ductile_iron', 'pe', 'pvc', 'steel']);
    expect(style('Pipes').size).toMatchObject({ property: 'diameter_mm' });
    expect(style('Valves')).toMatchObject({ kind: 'categorized', property: 'type' });
    expect(values('Valves')).toEqual(['butterfly', 'gate']);
    expect(style('Hydrants').point_radius).toBeLessThan(3);
    expect(style('Streets')).toMatchObject({ label_property: 'name', kind: 'categorized', property: 'kind' });

    // Every pipe material and valve type in the data has its own colour: nothing falls in "Other".
    const unstyled = await database.db.query<{ value: string }>(
      `SELECT DISTINCT ft.properties ->> (l.style ->> 'property') AS value
       FROM features ft JOIN layers l ON l.id = ft.layer_id
       WHERE l.style ->> 'kind' = 'categorized' AND NOT EXISTS (
         SELECT 1 FROM jsonb_array_elements(l.style -> 'categories') c
         WHERE c ->> 'value' = ft.properties ->> (l.style ->> 'property'))`,
    );
    expect(unstyled).toEqual([]);
    const streets = await database.db.query<{ n: number; named: number; kinds: string[] }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE ft.properties ->> 'name' <> '')::int AS named,
         array_agg(DISTINCT ft.properties ->> 'kind' ORDER BY ft.properties ->> 'kind') AS kinds
       FROM features ft JOIN layers l ON l.id = ft.layer_id WHERE l.name = 'Streets'`,
    );
    expect(streets[0]?.n).toBeGreaterThan(100);
    expect(streets[0]?.named).toBe(streets[0]?.n);
    expect(streets[0]?.kinds).toEqual(['avenue', 'main', 'street']);
  });

  it('has filters of all six types, searches and main searches, all on real properties of their layer', async () => {
    const filters = await database.db.query<{
      type: string;
      property: string;
      known: boolean;
      used: boolean;
    }>(
      `SELECT f.type, f.property,
         EXISTS (SELECT 1 FROM jsonb_array_elements(l.properties) p WHERE p ->> 'name' = f.property) AS known,
         EXISTS (SELECT 1 FROM features ft WHERE ft.layer_id = f.layer_id AND ft.properties ? f.property) AS used
       FROM filters f JOIN layers l ON l.id = f.layer_id`,
    );
    expect(new Set(filters.map((filter) => filter.type))).toEqual(
      new Set(['select', 'multiselect', 'range', 'date_range', 'text', 'boolean']),
    );
    expect(filters.filter((filter) => !filter.known || !filter.used)).toEqual([]);
    const fields = await database.db.query<{ field: string; known: boolean }>(
      `SELECT field, EXISTS (SELECT 1 FROM jsonb_array_elements(l.properties) p WHERE p ->> 'name' = field) AS known
       FROM (
         SELECT layer_id, jsonb_array_elements_text(fields) AS field FROM searches
         UNION ALL SELECT layer_id, jsonb_array_elements_text(fields) FROM main_searches
         UNION ALL SELECT layer_id, display_field FROM main_searches
       ) s JOIN layers l ON l.id = s.layer_id`,
    );
    expect(fields.length).toBeGreaterThanOrEqual(6);
    expect(fields.filter((field) => !field.known)).toEqual([]);
    const pipeSearch = await database.db.query<{ fields: string[]; display_field: string }>(
      `SELECT s.fields, s.display_field FROM main_searches s JOIN layers l ON l.id = s.layer_id
       WHERE l.name = 'Pipes'`,
    );
    expect(pipeSearch).toEqual([{ fields: ['name', 'street'], display_field: 'name' }]);
  });

  it("answers in the document's shapes when served (map, layers, categories, searches, filters, features)", async () => {
    const compiler = createSchemaCompiler(loadDocument(), { coerce: false });
    const invalid = (schema: string, bodies: unknown[]) => {
      const validate = compiler.compileAt(`/components/schemas/${schema}`);
      return bodies.filter((body) => !validate(body)).map((body) => ({ body, errors: validate.errors }));
    };
    const db = database.db;
    const maps = (await db.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m`)).map(toMap);
    expect(maps[0]?.layers_count).toBe(7);
    expect(invalid('Map', maps)).toEqual([]);
    expect(
      invalid('Layer', (await db.query<LayerRow>(`SELECT ${LAYER_COLUMNS} FROM layers l`)).map(toLayer)),
    ).toEqual([]);
    const parts: [string, unknown[]][] = [
      [
        'Category',
        (await db.query<CategoryBody>(`SELECT ${CATEGORY_COLUMNS} FROM categories c`)).map(toCategory),
      ],
      ['Search', (await db.query<SearchBody>(`SELECT ${SEARCH_COLUMNS} FROM searches s`)).map(toSearch)],
      [
        'MainSearch',
        (await db.query<MainSearchBody>(`SELECT ${MAIN_SEARCH_COLUMNS} FROM main_searches s`)).map(
          toMainSearch,
        ),
      ],
      ['Filter', (await db.query<FilterBody>(`SELECT ${FILTER_COLUMNS} FROM filters f`)).map(toFilter)],
      ['Feature', (await db.query<FeatureRow>(`SELECT ${FEATURE_COLUMNS} FROM features ft`)).map(toFeature)],
    ];
    for (const [schema, bodies] of parts) {
      expect(bodies.length).toBeGreaterThan(0);
      expect(invalid(schema, bodies)).toEqual([]);
    }
  });

  it('writes the same rows on a second empty database (deterministic ids, geometries and properties)', async () => {
    const first = await snapshot(database.db);
    await database.reset();
    await startOnEmptyDatabase(database.db, {});
    expect(await snapshot(database.db)).toEqual(first);
  });
});

describe('when the demo map is seeded', () => {
  it('is not written with DEMO_SEED=0, though the first admin is', async () => {
    await database.reset();
    await startOnEmptyDatabase(database.db, { DEMO_SEED: '0' });
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM users')).toBe(1);
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM maps')).toBe(0);
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM features')).toBe(0);
  });

  it('adds nothing on a database that already has users, and never comes back once deleted', async () => {
    await database.reset();
    await startOnEmptyDatabase(database.db, {});
    const features = await count(database.db, 'SELECT count(*)::int AS n FROM features');
    await startOnEmptyDatabase(database.db, {});
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM maps')).toBe(1);
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM features')).toBe(features);

    await database.db.query('DELETE FROM maps');
    await startOnEmptyDatabase(database.db, {});
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM maps')).toBe(0);
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM layers')).toBe(0);
    expect(await count(database.db, 'SELECT count(*)::int AS n FROM features')).toBe(0);
  });
});
