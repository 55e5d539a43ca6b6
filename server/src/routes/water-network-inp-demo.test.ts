import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOnEmptyDatabase } from '../../test-support/demo-town.ts';
import { insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

/** The INP round trip on the demo town as `npm start` seeds it (map 1, closed valves included). */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  await startOnEmptyDatabase(t.database.db, {});
  admin = (await t.signedIn('admin')).client;
});
afterAll(async () => t.close());

interface SimulatedNode {
  id: string;
  kind: string;
  coordinates: [number, number];
  pressure_m: number | null;
}

function multipart(text: string) {
  const boundary = '----atlasboard-inp-demo';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="demo.inp"\r\nContent-Type: text/plain\r\n\r\n`;
  return {
    rawBody: Buffer.concat([Buffer.from(head), Buffer.from(text), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function simulated(mapId: number): Promise<SimulatedNode[]> {
  const response = await admin.post(`/api/maps/${mapId}/water-network/simulate`, {});
  expect(response.status).toBe(200);
  return (response.json() as { data: { nodes: SimulatedNode[] } }).data.nodes;
}

describe('INP round trip on the demo town', () => {
  it('exports, imports as a new map and simulates to the same pressures at every node', async () => {
    const before = await simulated(1);
    const inp = await admin.get('/api/maps/1/water-network/model.inp');
    expect(inp.status).toBe(200);
    // The two sides of a closed valve are two nodes at one point in the file.
    expect(inp.text).toMatch(/^N\d+_\d+\t/m);

    const target = await insertMap(t.database.db);
    const imported = await admin.request(
      'POST',
      `/api/maps/${target.id}/water-network/import-inp`,
      multipart(inp.text),
    );
    expect(imported.status).toBe(201);
    const after = await simulated(target.id);

    expect(after.length).toBe(before.length);
    const unreached = (nodes: SimulatedNode[]) => nodes.filter((node) => node.pressure_m === null).length;
    expect(unreached(after)).toBe(unreached(before));
    // Sides of a closed valve are kept apart on the map by 5 cm: a twin is within about 10 cm.
    const near = 1e-6;
    for (const node of before) {
      const twins = after.filter(
        (candidate) =>
          candidate.kind === node.kind &&
          Math.abs(candidate.coordinates[0] - node.coordinates[0]) < near &&
          Math.abs(candidate.coordinates[1] - node.coordinates[1]) < near,
      );
      const same = twins.some((twin) =>
        node.pressure_m === null
          ? twin.pressure_m === null
          : twin.pressure_m !== null && Math.abs(twin.pressure_m - node.pressure_m) < 0.01,
      );
      expect(same, `${node.id} at ${node.coordinates.join(' ')}`).toBe(true);
    }
  }, 120_000);
});
