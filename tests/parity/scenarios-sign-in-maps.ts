import { expect, it } from 'vitest';
import type { ParityTown } from './parity-town';
import {
  dataOf,
  expectStatus,
  pageOf,
  signIn,
  signOut,
  type Json,
  type WireLayer,
  type WireMap,
} from './wire';

/** Sign in and the maps list. */
export function signInAndMapScenarios(town: ParityTown): void {
  it('sign in: 401 before, wrong password refused, then the admin is the current user', async () => {
    const { admin, browser } = town;
    const client = browser();
    expect(expectStatus(await client.request('GET', '/api/user'), 401)).toHaveProperty('message');
    expect((await client.request('GET', '/api/maps')).status).toBe(401);
    const wrong = await client.request('POST', '/login', {
      email: admin.email,
      password: 'not-the-password',
    });
    expect(expectStatus(wrong, 422)).toHaveProperty('errors.email');
    const user = await signIn(client, admin.email, admin.password);
    expect(user).toMatchObject({ email: admin.email, type: 'admin', id: expect.any(Number) });
    expect(user).not.toHaveProperty('password');
    await signOut(client);
    expect((await client.request('GET', '/api/user')).status).toBe(401);
  });

  it('list maps: a page of maps, and the map with layers shows as many layers as it counts', async () => {
    const { admin, browser, map } = town;
    const client = browser();
    await signIn(client, admin.email, admin.password);
    const maps = pageOf<WireMap>(await client.request('GET', '/api/maps?per_page=100'));
    expect(maps.meta.total).toBeGreaterThanOrEqual(maps.data.length);
    for (const row of maps.data)
      expect(row).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        layers_count: expect.any(Number),
      });
    const shown = dataOf<Json & { layers: WireLayer[]; bookmarks: unknown[] }>(
      await client.request('GET', `/api/maps/${map.id}/show?with_layers=true`),
    );
    expect(shown).toMatchObject({ id: map.id, title: map.title });
    expect(shown.layers).toHaveLength(map.layers_count);
    for (const row of shown.layers)
      expect(row).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(Array.isArray(shown.bookmarks)).toBe(true);
    expect((await client.request('GET', '/api/maps/999999/show')).status).toBe(404);

    // One map a page: the same total, and the next link (which keeps per_page) reads the second one.
    const single = pageOf<WireMap>(await client.request('GET', '/api/maps?per_page=1'));
    expect(single.data).toHaveLength(1);
    expect(single.meta.total).toBe(maps.meta.total);
    expect(single.data[0]?.id).toBe(maps.data[0]?.id);
    if (maps.meta.total > 1) {
      const next = pageOf<WireMap>(await client.request('GET', String(single.links.next)));
      expect(next.data.map((row) => row.id)).toEqual([maps.data[1]?.id]);
    } else expect(single.links.next).toBeNull();
    // search looks in the title, case-insensitively.
    const word = map.title.split(/\s+/).find((part) => part.length >= 3) ?? map.title;
    const found = pageOf<WireMap>(
      await client.request('GET', `/api/maps?per_page=100&search=${encodeURIComponent(word.toUpperCase())}`),
    );
    expect(found.data.map((row) => row.id)).toContain(map.id);
    expect(expectStatus(await client.request('GET', '/api/maps?order_column=nope'), 422)).toHaveProperty(
      'errors.order_column',
    );
  });
}
