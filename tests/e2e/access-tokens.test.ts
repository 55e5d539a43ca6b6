import { describe, expect, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { registerAccount } from './support/api';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signIn } from './support/ui';

interface Listed<T> {
  data: T[];
}

// A person makes a token in the profile screen and a script reads with it.
describe('personal access tokens', () => {
  const suite = useRealServer({ demoSeed: true });

  test('a read token made in the profile reads a layer with curl-like calls, is 403 on a write and 401 once revoked', async () => {
    const person = uniqueAccount('Script Writer');
    const baseUrl = suite.server().baseUrl;
    await registerAccount(baseUrl, person, suite.smtp());
    const page = await suite.newPage();
    await signIn(page, person.email, person.password, person.name);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Profile/ })
      .click();
    await expectPath(page, '/profile');

    const section = page.getByRole('region', { name: 'Personal access tokens' });
    await section.getByText('You have no tokens yet.').waitFor();
    const form = section.getByRole('form', { name: 'New personal access token' });
    await form.getByLabel('Name', { exact: false }).first().fill('curl on my laptop');
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = section.getByRole('region', { name: 'Your new token' });
    const token = ((await shown.getByTestId('new-access-token').textContent()) ?? '').trim();
    expect(token).toMatch(/^atb_pat_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    const row = section.getByRole('row', { name: /curl on my laptop/ });
    await row.getByText('Read only').waitFor();

    // What `curl -H "Authorization: Bearer $TOKEN"` does: no cookie, no XSRF header.
    const bearer = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const get = async <T>(path: string, headers: Record<string, string> = bearer) => {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      expect(response.status, `GET ${path}`).toBe(200);
      return (await response.json()) as T;
    };
    const maps = await get<Listed<{ id: number; title: string }>>('/api/maps');
    const map = maps.data[0];
    expect(map).toBeDefined();
    const layers = await get<Listed<{ id: number; name: string; type: string }>>(
      `/api/maps/${map?.id}/layers`,
    );
    const pipes = layers.data.find((layer) => layer.name === 'Pipes');
    expect(pipes?.type).toBe('vector');
    const features = await get<{
      data: { id: number; properties: Record<string, unknown> }[];
      meta: { total: number };
    }>(`/api/maps/${map?.id}/layers/${pipes?.id}/features`);
    expect(features.data.length).toBeGreaterThan(0);
    expect(features.meta.total).toBeGreaterThan(1000);
    // HTTP Basic email:token, as GDAL's USERPWD and QGIS send it, reads the same.
    const basic = `Basic ${Buffer.from(`${person.email}:${token}`).toString('base64')}`;
    const again = await get<Listed<{ id: number }>>(`/api/maps/${map?.id}/layers`, { Authorization: basic });
    expect(again.data.map((layer) => layer.id)).toEqual(layers.data.map((layer) => layer.id));

    // The same person may save a bookmark in the app, but a read token may not write.
    const write = await fetch(`${baseUrl}/api/maps/${map?.id}/bookmarks`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'From a script',
        center: [0, 0],
        zoom: 3,
        rotation: 0,
        visible_layer_ids: [],
      }),
    });
    expect(write.status).toBe(403);

    await row.getByRole('button', { name: 'Revoke curl on my laptop' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await section.getByText('You have no tokens yet.').waitFor();
    const revoked = await fetch(`${baseUrl}/api/maps`, { headers: bearer });
    expect(revoked.status).toBe(401);
  });
});
