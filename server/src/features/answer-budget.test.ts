import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeature, insertLayer, insertMap } from '../../test-support/map-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { TestClient } from '../../test-support/test-client.ts';

/**
 * Answers stop adding features once the stored bytes read reach ANSWER_MAX_BYTES, and link on
 * from the last feature they hold: a layer of huge features is read one bounded statement at a
 * time, so another client's read is answered between them instead of after all of them.
 */
const BUDGET = 500_000;
const VERTICES = 40_000; // 640 kB of coordinates stored: one such feature passes the budget.
const HUGE = 4;

let t: TestApp;
let client: TestClient;
let mapId: number;
let layerId: number;
let hugeIds: number[];
let origin: string;

// Random coordinates: they do not compress, so the stored size is what a reader must send.
const hugeLine = () => ({
  type: 'LineString',
  coordinates: Array.from({ length: VERTICES }, () => [-9 + Math.random() / 10, 38.7 + Math.random() / 10]),
});

beforeAll(async () => {
  t = await startTestApp({ ANSWER_MAX_BYTES: String(BUDGET) });
  ({ client } = await t.signedIn('admin'));
  mapId = (await insertMap(t.database.db)).id;
  layerId = (await insertLayer(t.database.db, mapId, { geometry_type: 'LineString' })).id;
  hugeIds = [];
  for (let i = 0; i < HUGE; i += 1)
    hugeIds.push((await insertFeature(t.database.db, layerId, hugeLine())).id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 600_000);
afterAll(async () => t.close());

type Page = { data: { id: number }[]; links: { next: string | null } };

describe('answers bounded by the answer budget', () => {
  it('a features page holds what fits and its next link goes on from there, meeting every feature once', async () => {
    const seen: number[] = [];
    let url: string | null = `/api/maps/${mapId}/layers/${layerId}/features?per_page=15`;
    let pages = 0;
    while (url !== null && pages < 20) {
      const response = await client.get(url);
      expect(response.status).toBe(200);
      const page = response.json<Page>();
      expect(page.data).toHaveLength(1);
      seen.push(...page.data.map((feature) => feature.id));
      url = page.links.next;
      pages += 1;
    }
    expect(seen).toEqual(hugeIds);
  }, 600_000);

  it('include_data says the features are truncated when the budget cut them', async () => {
    const response = await client.get(`/api/maps/${mapId}/layers/${layerId}?include_data=true`);
    expect(response.status).toBe(200);
    const body = response.json<{
      data: { features: { features: { id: number }[] }; features_truncated: boolean };
    }>();
    expect(body.data.features.features.map((feature) => feature.id)).toEqual([hugeIds[0]]);
    expect(body.data.features_truncated).toBe(true);
  }, 600_000);

  it('OGC items return fewer than the limit, with a next link that reaches every item', async () => {
    const seen: number[] = [];
    let url: string | undefined = `/ogc/maps/${mapId}/collections/${layerId}/items?limit=100`;
    for (let pages = 0; url !== undefined && pages < 20; pages += 1) {
      const response = await client.get(url.replace(/^https?:\/\/[^/]+/, ''));
      expect(response.status).toBe(200);
      const body = response.json<{
        numberReturned: number;
        features: { id: number | string }[];
        links: { rel: string; href: string }[];
      }>();
      expect(body.numberReturned).toBe(1);
      seen.push(...body.features.map((feature) => Number(feature.id)));
      url = body.links.find((link) => link.rel === 'next')?.href;
    }
    expect(seen).toEqual(hugeIds);
  }, 600_000);

  it("another client's read is answered while a reader is still going through the huge features", async () => {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const get = (path: string) =>
      fetch(`${origin}${path}`, { headers: { cookie, accept: 'application/json' } }).then(
        async (response) => {
          expect(response.status).toBe(200);
          return (await response.json()) as unknown;
        },
      );
    const events: string[] = [];
    const reader = (async () => {
      let url: string | null = `/api/maps/${mapId}/layers/${layerId}/features?per_page=15`;
      while (url !== null) {
        events.push('big page asked');
        const page = (await get(url)) as Page;
        url = page.links.next;
      }
      events.push('big read done');
    })();
    // Sent just after the reader's first page: it waits for that page's statement at most.
    const small = get(`/api/maps/${mapId}/layers`).then(() => events.push('small read done'));
    await Promise.all([reader, small]);
    const pagesAsked = events.filter((event) => event === 'big page asked').length;
    expect(pagesAsked).toBe(HUGE);
    // Before the budget the whole layer was one page: the small read could only come after it.
    const small_at = events.indexOf('small read done');
    const lastPageAsked = events.lastIndexOf('big page asked');
    expect(small_at).toBeLessThan(lastPageAsked);
  }, 600_000);
});
