import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { line, point } from '../../test-support/metric-geometry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

/**
 * A reservoir feeding a loop of three mains (one bent, so it has vertices), a branch through an
 * open valve to a tank, a closed pipe, and service points with demands and elevations.
 */
async function handMadeNetwork() {
  const db = t.database.db;
  const map = await insertMap(db);
  const pipes = await insertLayer(db, map.id, { name: 'Pipes', geometry_type: 'LineString' });
  const valves = await insertLayer(db, map.id, { name: 'Valves', geometry_type: 'Point' });
  const services = await insertLayer(db, map.id, { name: 'Service points', geometry_type: 'Point' });
  const sources = await insertLayer(db, map.id, { name: 'Sources', geometry_type: 'Point' });
  await insertFeature(db, pipes.id, line([0, 0], [500, 0]), { diameter_mm: 250, material: 'pvc' });
  await insertFeature(db, pipes.id, line([500, 0], [500, 400]), { diameter_mm: 150, hw_c: 110 });
  await insertFeature(db, pipes.id, line([0, 0], [200, 300], [500, 400]), {
    diameter_mm: 200,
    material: 'ductile_iron',
    length_m: 700,
  });
  await insertFeature(db, pipes.id, line([500, 400], [900, 400]), { diameter_mm: 100, material: 'steel' });
  await insertFeature(db, pipes.id, line([500, 0], [900, 0]), { diameter_mm: 100, status: 'closed' });
  await insertFeature(db, pipes.id, line([900, 0], [900, 400]), { diameter_mm: 100 });
  await insertFeature(db, valves.id, point(700, 400), { is_open: true });
  await insertFeature(db, services.id, point(500, 0), { demand_lps: 6, elevation_m: 12 });
  await insertFeature(db, services.id, point(500, 400), { demand_lps: 4.5, elevation_m: 20 });
  await insertFeature(db, services.id, point(900, 0), { demand_lps: 1.2, elevation_m: 8 });
  await insertFeature(db, sources.id, point(0, 0), { kind: 'reservoir', head_m: 80, elevation_m: 60 });
  await insertFeature(db, sources.id, point(900, 400), {
    kind: 'tank',
    elevation_m: 40,
    level_m: 5,
    diameter_m: 15,
  });
  const { client } = await t.signedIn('admin');
  const config = {
    pipe_layer_id: pipes.id,
    valve_layer_ids: [valves.id],
    node_layer_ids: [services.id],
    tolerance_m: 0.5,
    hydraulics: { source_layer_id: sources.id, service_layer_ids: [services.id] },
  };
  expect((await client.put(`/api/maps/${map.id}/water-network`, config)).status).toBe(200);
  return { map, client };
}

function multipart(fields: Record<string, string>, bytes: Buffer) {
  const boundary = `----atlasboard-inp-${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="network.inp"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface SimulatedNode {
  id: string;
  kind: string;
  coordinates: [number, number];
  pressure_m: number | null;
}

interface Imported {
  data: {
    layers: { id: number; name: string; features_count: number }[];
    network: { pipe_layer_id: number };
  };
  meta: {
    junctions: number;
    reservoirs: number;
    tanks: number;
    pipes: number;
    valves: number;
    warnings: string[];
  };
}

type Client = Awaited<ReturnType<TestApp['signedIn']>>['client'];

const importInto = (client: Client, mapId: number, text: string, fields: Record<string, string> = {}) =>
  client.request('POST', `/api/maps/${mapId}/water-network/import-inp`, multipart(fields, Buffer.from(text)));

async function simulated(client: Client, mapId: number): Promise<SimulatedNode[]> {
  const response = await client.post(`/api/maps/${mapId}/water-network/simulate`, {});
  expect(response.status).toBe(200);
  return (response.json() as { data: { nodes: SimulatedNode[] } }).data.nodes;
}

/** Every node of one run has a node at the same place in the other, with the same pressure. */
function expectSamePressures(before: SimulatedNode[], after: SimulatedNode[], near: number) {
  const junctions = before.filter((node) => node.kind !== 'reservoir');
  expect(junctions.length).toBeGreaterThan(4);
  for (const node of junctions) {
    const twin = after.find(
      (candidate) =>
        Math.abs(candidate.coordinates[0] - node.coordinates[0]) < near &&
        Math.abs(candidate.coordinates[1] - node.coordinates[1]) < near,
    );
    expect(twin, node.id).toBeDefined();
    expect(twin?.kind).toBe(node.kind);
    expect(Math.abs((twin?.pressure_m ?? Infinity) - (node.pressure_m ?? 0)), node.id).toBeLessThan(0.01);
  }
}

const layerCount = async () =>
  (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM layers'))[0]?.n;

describe('import of an EPANET INP file', () => {
  it('round trip: the exported model imported into a new map simulates to the same pressures', async () => {
    const { map, client } = await handMadeNetwork();
    const before = await simulated(client, map.id);
    const inp = await client.get(`/api/maps/${map.id}/water-network/model.inp`);
    expect(inp.status).toBe(200);

    const target = await insertMap(t.database.db);
    const response = await importInto(client, target.id, inp.text);
    expect(response.status).toBe(201);
    const { data, meta } = response.json() as Imported;
    expect(meta).toMatchObject({ reservoirs: 1, tanks: 1, pipes: 7, valves: 0 });
    expect(data.layers.map((layer) => layer.name).sort()).toEqual(
      ['Junctions', 'Pipes', 'Reservoirs and tanks'].sort(),
    );
    expect(data.layers.find((layer) => layer.name === 'Pipes')?.features_count).toBe(7);

    expectSamePressures(before, await simulated(client, target.id), 2e-7);
  });

  it('reads coordinates in a given CRS (EPSG:3857) and stores them as longitude/latitude', async () => {
    const { map, client } = await handMadeNetwork();
    const before = await simulated(client, map.id);
    const inp = (await client.get(`/api/maps/${map.id}/water-network/model.inp`)).text;
    // Spherical Mercator by its formula: the test's own reprojection, not the server's.
    const R = 6_378_137;
    const mercator = inp.replace(
      /^(\S+)\t(-?\d+\.\d+)\t(-?\d+\.\d+)$/gm,
      (_all: string, id: string, lon: string, lat: string) =>
        `${id}\t${((R * Number(lon) * Math.PI) / 180).toFixed(3)}\t${(
          R * Math.log(Math.tan(Math.PI / 4 + (Number(lat) * Math.PI) / 360))
        ).toFixed(3)}`,
    );
    expect(mercator).not.toEqual(inp);
    const target = await insertMap(t.database.db);
    const response = await importInto(client, target.id, mercator, { crs: 'EPSG:3857' });
    expect(response.status).toBe(201);
    expectSamePressures(before, await simulated(client, target.id), 2e-7);
  });

  it('imports valves, demands, statuses and US units from a hand-written file', async () => {
    const inp = [
      '[TITLE]',
      'Two junctions behind a valve',
      '[JUNCTIONS]',
      ';ID Elev Demand',
      'J1 100 0',
      'J2 90 0',
      'J3 90 0',
      '[RESERVOIRS]',
      'R1 200',
      '[PIPES]',
      'P1 R1 J1 1000 12 120',
      'P2 J2 J3 500 8 120 0 Open',
      '[VALVES]',
      'V1 J1 J2 12 TCV 0',
      '[DEMANDS]',
      'J3 100',
      'J3 58.5',
      '[STATUS]',
      'V1 Open',
      '[PATTERNS]',
      'PAT1 1 1.2',
      '[OPTIONS]',
      'Units GPM',
      'Headloss H-W',
      '[COORDINATES]',
      'R1 -9.1400 38.7200',
      'J1 -9.1300 38.7200',
      'J2 -9.1299 38.7200',
      'J3 -9.1250 38.7200',
      '[END]',
    ].join('\n');
    const { client } = await t.signedIn('admin');
    const target = await insertMap(t.database.db);
    const response = await importInto(client, target.id, inp);
    expect(response.status).toBe(201);
    const { meta } = response.json() as Imported;
    expect(meta).toMatchObject({ junctions: 3, reservoirs: 1, tanks: 0, pipes: 2, valves: 1 });
    expect(meta.warnings.join(' ')).toContain('[PATTERNS]');
    const rows = await t.database.db.query<{ properties: Record<string, unknown> }>(
      `SELECT f.properties FROM features f JOIN layers l ON l.id = f.layer_id
       WHERE l.map_id = $1 AND f.properties ->> 'epanet_id' IN ('J3', 'P1', 'V1') ORDER BY f.properties ->> 'epanet_id', f.properties ->> 'kind'`,
      [target.id],
    );
    const [j3, p1] = rows.map((row) => row.properties);
    // 158.5 gpm in L/s; 1000 ft in m; 12 in in mm; 100 ft in m.
    expect(j3?.demand_lps).toBeCloseTo(158.5 * 0.0630902, 3);
    expect(j3?.elevation_m).toBeCloseTo(90 * 0.3048, 6);
    expect(p1).toMatchObject({ length_m: 304.8, hw_c: 120, status: 'open' });
    expect(p1?.diameter_mm).toBeCloseTo(304.8, 6);
    const valveRows = rows.slice(2).map((row) => row.properties);
    expect(valveRows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ epanet_id: 'V1', is_open: true, valve_type: 'TCV' }),
      ]),
    );
    // The reservoir's 200 ft of head less 90 ft of elevation, less the loss through the pipes.
    const nodes = await simulated(client, target.id);
    const far = nodes.find((node) => Math.abs(node.coordinates[0] + 9.125) < 1e-6);
    expect(far?.pressure_m).toBeGreaterThan(0);
    expect(far?.pressure_m).toBeLessThan((200 - 90) * 0.3048);
  });

  it('joins nodes that share a point when one of them ends several links, and says so', async () => {
    const inp = [
      '[JUNCTIONS]',
      'J1 10 1',
      'J2 10 1',
      'J3 10 1',
      '[RESERVOIRS]',
      'R1 50',
      '[PIPES]',
      'P1 R1 J1 100 100 130',
      'P2 J1 J3 100 100 130',
      'P3 J2 J3 100 100 130',
      '[COORDINATES]',
      'R1 -9.1400 38.72',
      'J1 -9.1390 38.72',
      'J2 -9.1390 38.72',
      'J3 -9.1380 38.72',
    ].join('\n');
    const { client } = await t.signedIn('admin');
    const target = await insertMap(t.database.db);
    const response = await importInto(client, target.id, inp);
    expect(response.status).toBe(201);
    expect((response.json() as Imported).meta.warnings.join(' ')).toContain(
      'Nodes J2 stand at the same point',
    );
    // Joined on the map: both junctions take water from the one node there.
    const nodes = await simulated(client, target.id);
    expect(
      nodes.filter((node) => node.kind === 'junction').every((node) => (node.pressure_m ?? 0) > 30),
    ).toBe(true);
  });

  it('answers 422 naming the line and section of a bad file, and writes nothing', async () => {
    const { client } = await t.signedIn('admin');
    const target = await insertMap(t.database.db);
    const layers = await layerCount();
    const good = [
      '[JUNCTIONS]',
      'J1 10 1',
      '[RESERVOIRS]',
      'R1 50',
      '[PIPES]',
      'P1 R1 J1 100 100 130',
      '[COORDINATES]',
      'R1 -9.14 38.72',
      'J1 -9.13 38.72',
    ];
    const expectRefused = async (text: string, field: string, fragment: string, fields = {}) => {
      const response = await importInto(client, target.id, text, fields);
      expect(response.status, text).toBe(422);
      const errors = (response.json() as { errors: Record<string, string[]> }).errors;
      expect(errors[field]?.join(' '), text).toContain(fragment);
      expect(await layerCount()).toBe(layers);
    };
    await expectRefused(good.filter((row) => !row.startsWith('P')).join('\n'), 'file', '[PIPES]');
    await expectRefused(
      good.join('\n').replace('P1 R1 J1', 'P1 R1 J9'),
      'file',
      'Line 6 ([PIPES]): unknown node "J9"',
    );
    await expectRefused(good.join('\n').replace('100 100 130', '100 wide 130'), 'file', '"wide"');
    await expectRefused([...good, '[PUMPS]', 'PU1 R1 J1 HEAD C1'].join('\n'), 'file', 'Line 11 ([PUMPS])');
    await expectRefused(good.slice(0, -1).join('\n'), 'file', 'J1');
    await expectRefused(
      [...good, '[DEMANDS]', 'JX 5'].join('\n'),
      'file',
      'Line 11 ([DEMANDS]): unknown node "JX"',
    );
    await expectRefused([...good, '[OPTIONS]', 'Headloss D-W'].join('\n'), 'file', 'Line 11 ([OPTIONS])');
    await expectRefused(good.join('\n'), 'crs', 'EPSG:99', { crs: 'EPSG:99' });
    // Mercator metres read as degrees: off the earth, after layers were already being written.
    await expectRefused(good.join('\n').replace('-9.13 38.72', '-1017000 4682000'), 'crs', 'EPSG:4326');
    await expectRefused(`[JUNCTIONS]\n${'J1 10 1\n'.repeat(100_001)}`, 'file', '100000');
    const junctions = Array.from({ length: 20_001 }, (_, index) => `J${index} 10 1`).join('\n');
    await expectRefused(`[JUNCTIONS]\n${junctions}`, 'file', '20000');
    expect((await client.post(`/api/maps/${target.id}/water-network/simulate`, {})).status).toBe(422);
  });

  it('refuses a file over 5 MB with 413, and a reader with 403', async () => {
    const { client } = await t.signedIn('admin');
    const target = await insertMap(t.database.db);
    const big = `[TITLE]\n${'; padding\n'.repeat(600_000)}`;
    expect((await importInto(client, target.id, big)).status).toBe(413);
    const { client: reader } = await t.signedIn('user');
    expect((await importInto(reader, target.id, '[END]\n')).status).toBe(403);
  });
});
