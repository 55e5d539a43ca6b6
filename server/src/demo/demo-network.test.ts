import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLayerIds, startOnEmptyDatabase, type DemoLayerIds } from '../../test-support/demo-town.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { generateTown } from '@shared/demo/town.ts';

let database: TestDatabase;
const town = generateTown();
const plantedPipeId = town.planted.pipe + 1;
const plantedValveId = town.pipes.length + town.planted.valve + 1;
let ids: DemoLayerIds;
beforeAll(async () => {
  database = await openTestDatabase();
  await startOnEmptyDatabase(database.db, {});
  ids = await demoLayerIds(database.db);
});
afterAll(async () => database.close());

describe('the demo water network', () => {
  it('plants its two errors at the feature ids noted in planted-errors.ts', async () => {
    expect({ plantedPipeId, plantedValveId }).toEqual({ plantedPipeId: 3360, plantedValveId: 4265 });
    const rows = await database.db.query<{ id: number; properties: Record<string, unknown> }>(
      'SELECT id, properties FROM features WHERE id IN ($1, $2) ORDER BY id',
      [plantedPipeId, plantedValveId],
    );
    expect(rows.map((row) => [row.id, row.properties.name ?? row.properties.valve_id])).toEqual([
      [3360, 'P-03360 Beco do Fim'],
      [4265, 'V-0905'],
    ]);
  });

  it('has at least 3,000 pipes, 800 valves, 200 hydrants and 3 to 5 zones, counted by the layer triggers', async () => {
    const layers = await database.db.query<{
      id: number;
      features_count: number;
      n: number;
      has_extent: boolean;
    }>(
      `SELECT l.id, l.features_count, (SELECT count(*)::int FROM features f WHERE f.layer_id = l.id) AS n,
         l.extent_box IS NOT NULL AS has_extent FROM layers l`,
    );
    const of = (id: number) => layers.find((layer) => layer.id === id);
    expect(of(ids.pipes)?.n).toBeGreaterThanOrEqual(3000);
    expect(of(ids.valves)?.n).toBeGreaterThanOrEqual(800);
    expect(of(ids.hydrants)?.n).toBeGreaterThanOrEqual(200);
    expect(of(ids.zones)?.n).toBeGreaterThanOrEqual(3);
    expect(of(ids.zones)?.n).toBeLessThanOrEqual(5);
    for (const layer of layers) {
      expect(layer.features_count).toBe(layer.n);
      expect(layer.has_extent).toBe(true);
    }
  });

  it('draws every pipe as a valid LineString inside a town a few km across', async () => {
    const [west, south, east, north] = town.extent;
    const rows = await database.db.query<{ bad: number; width: number; height: number }>(
      `SELECT count(*) FILTER (WHERE GeometryType(geom) <> 'LINESTRING' OR NOT ST_IsValid(geom)
           OR ST_NPoints(geom) < 2 OR ST_Length(geom::geography) < 1
           OR NOT ST_CoveredBy(geom, ST_MakeEnvelope($2, $3, $4, $5, 4326)))::int AS bad,
         ST_Distance(ST_MakePoint($2, $3)::geography, ST_MakePoint($4, $3)::geography) AS width,
         ST_Distance(ST_MakePoint($2, $3)::geography, ST_MakePoint($2, $5)::geography) AS height
       FROM features WHERE layer_id = $1`,
      [ids.pipes, west, south, east, north],
    );
    expect(rows[0]?.bad).toBe(0);
    expect(rows[0]?.width).toBeGreaterThan(2000);
    expect(rows[0]?.width).toBeLessThan(6000);
    expect(rows[0]?.height).toBeGreaterThan(2000);
    expect(rows[0]?.height).toBeLessThan(6000);
  });

  it('gives pipes every material, integer diameters, dates older in the centre, and both statuses', async () => {
    const rows = await database.db.query<{ materials: string[]; statuses: string[]; fractional: number }>(
      `SELECT array_agg(DISTINCT properties ->> 'material' ORDER BY properties ->> 'material') AS materials,
         array_agg(DISTINCT properties ->> 'status' ORDER BY properties ->> 'status') AS statuses,
         count(*) FILTER (WHERE jsonb_typeof(properties -> 'diameter_mm') <> 'number'
           OR (properties ->> 'diameter_mm')::numeric % 1 <> 0)::int AS fractional
       FROM features WHERE layer_id = $1`,
      [ids.pipes],
    );
    expect(rows[0]).toEqual({
      materials: ['asbestos_cement', 'cast_iron', 'ductile_iron', 'pe', 'pvc', 'steel'],
      statuses: ['abandoned', 'in_service'],
      fractional: 0,
    });
    const years = await database.db.query<{ centre: number; outskirts: number }>(
      `WITH pipe AS (
         SELECT extract(year FROM (properties ->> 'install_date')::date) AS year,
           ST_Distance(ST_Centroid(geom)::geography, ST_MakePoint($2, $3)::geography) AS from_centre
         FROM features WHERE layer_id = $1)
       SELECT avg(year) FILTER (WHERE from_centre < 700)::float AS centre,
         avg(year) FILTER (WHERE from_centre > 1500)::float AS outskirts FROM pipe`,
      [ids.pipes, town.center[0], town.center[1]],
    );
    expect((years[0]?.outskirts ?? 0) - (years[0]?.centre ?? 0)).toBeGreaterThan(20);
  });

  it('puts every valve on a pipe (< 1 cm) except the planted one, which is about 30 m off', async () => {
    const off = await database.db.query<{ id: number; nearest: number }>(
      `SELECT v.id, (SELECT min(ST_Distance(p.geom::geography, v.geom::geography)) FROM features p
           WHERE p.layer_id = $2) AS nearest
       FROM features v WHERE v.layer_id = $1 AND NOT EXISTS (
         SELECT 1 FROM features p WHERE p.layer_id = $2 AND ST_DWithin(p.geom, v.geom, 0.000001)
           AND ST_Distance(p.geom::geography, v.geom::geography) < 0.01)`,
      [ids.valves, ids.pipes],
    );
    expect(off.map((row) => row.id)).toEqual([plantedValveId]);
    expect(off[0]?.nearest).toBeGreaterThan(25);
    expect(off[0]?.nearest).toBeLessThan(35);
  });

  it('joins pipe ends into one connected network, apart from the planted pipe that stops 1 m short', async () => {
    const pipes = await database.db.query<{ id: number; sx: number; sy: number; ex: number; ey: number }>(
      `SELECT id, ST_X(ST_StartPoint(geom)) AS sx, ST_Y(ST_StartPoint(geom)) AS sy,
         ST_X(ST_EndPoint(geom)) AS ex, ST_Y(ST_EndPoint(geom)) AS ey FROM features WHERE layer_id = $1`,
      [ids.pipes],
    );
    const parent = new Map<string, string>();
    const root = (key: string): string => {
      let current = key;
      while ((parent.get(current) ?? current) !== current) current = parent.get(current) as string;
      return current;
    };
    for (const pipe of pipes) parent.set(root(`${pipe.sx} ${pipe.sy}`), root(`${pipe.ex} ${pipe.ey}`));
    const parts = new Map<string, number[]>();
    for (const pipe of pipes) {
      const part = root(`${pipe.sx} ${pipe.sy}`);
      parts.set(part, [...(parts.get(part) ?? []), pipe.id]);
    }
    const sizes = [...parts.values()].sort((a, b) => b.length - a.length);
    expect(sizes).toHaveLength(2);
    expect(sizes[0]).toHaveLength(pipes.length - 1);
    expect(sizes[1]).toEqual([plantedPipeId]);
    const gap = await database.db.query<{ metres: number }>(
      `SELECT min(ST_Distance(ST_StartPoint(planted.geom)::geography, other.geom::geography)) AS metres
       FROM features planted, features other
       WHERE planted.id = $1 AND other.layer_id = $2 AND other.id <> planted.id`,
      [plantedPipeId, ids.pipes],
    );
    expect(gap[0]?.metres).toBeGreaterThan(0.9);
    expect(gap[0]?.metres).toBeLessThan(1.1);
  });

  it('places hydrants on pipes and tiles the town with pressure zones that cover every pipe', async () => {
    const hydrants = await database.db.query<{ farthest: number }>(
      `SELECT max((SELECT min(ST_Distance(p.geom::geography, h.geom::geography)) FROM features p
         WHERE p.layer_id = $2 AND ST_DWithin(p.geom, h.geom, 0.001))) AS farthest
       FROM features h WHERE h.layer_id = $1`,
      [ids.hydrants, ids.pipes],
    );
    expect(hydrants[0]?.farthest).toBeLessThan(0.01);
    const zones = await database.db.query<{ uncovered: number; overlap: number }>(
      `WITH zone AS (SELECT ST_Union(geom) AS geom, sum(ST_Area(geom)) AS area FROM features WHERE layer_id = $1)
       SELECT (SELECT count(*)::int FROM features p WHERE p.layer_id = $2 AND NOT ST_CoveredBy(p.geom, zone.geom))
           AS uncovered,
         abs(zone.area - ST_Area(zone.geom)) / zone.area AS overlap FROM zone`,
      [ids.zones, ids.pipes],
    );
    expect(zones[0]?.uncovered).toBe(0);
    expect(zones[0]?.overlap).toBeLessThan(1e-9);
  });
});
