import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startTestProvider, type TestProvider } from '../../server/test-support/oidc-test-provider';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signInOverHttp } from './support/ui';

const LABEL = 'Town ID';
const SURVEYOR = {
  sub: 'una',
  email: 'una@town.example',
  email_verified: true,
  name: 'Una Surveyor',
  groups: ['surveyors'],
};

/** The page's own API calls, as the client makes them (session cookie, XSRF token echoed). */
async function api(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return page.request.fetch(path, {
    method,
    data,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(xsrf === undefined ? {} : { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) }),
    },
  });
}

/** The provider's login page loads a web font; nothing here reaches the internet. */
async function offline(page: Page): Promise<Page> {
  await page.route(/^https:\/\//, (route) => route.abort());
  return page;
}

describe('single sign-on with an OpenID Connect provider, end to end', () => {
  let provider: TestProvider | undefined;
  const suite = useRealServer({
    // The provider registers the app's callback, and the app is told the provider's issuer.
    extraEnv: async (appUrl) => {
      provider = await startTestProvider({
        appUrl,
        accounts: [SURVEYOR, { sub: 'olly', email: 'olly@town.example', email_verified: true, name: 'Olly' }],
      });
      return {
        APP_URL: appUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_LABEL: LABEL,
        OIDC_GROUPS_CLAIM: 'groups',
      };
    },
  });
  afterAll(async () => {
    await provider?.close();
  });

  test("the button leads to the provider's login page and back in, signed in as the provider's person; a map granted to their provider group opens for them", async () => {
    const { admin } = suite.server();
    const adminPage = await suite.newPage();
    await signInOverHttp(adminPage, admin.email, admin.password);
    const created = await api(adminPage, 'POST', '/api/maps', { title: 'Survey plan' });
    expect(created.status(), await created.text()).toBe(201);
    const mapId = ((await created.json()) as { data: { id: number } }).data.id;
    const hidden = await api(adminPage, 'PUT', `/api/maps/${mapId}/access`, { visibility: 'private' });
    expect(hidden.status(), await hidden.text()).toBe(200);

    // The sign-in screen: the provider's button beside the password form.
    const page = await offline(await suite.newPage());
    await page.goto('/login');
    const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
    await button.waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await button.click();

    // The provider's own login page, on its own origin.
    await page.locator('input[name=login]').waitFor();
    expect(new URL(page.url()).origin).toBe(provider?.issuer);
    await page.locator('input[name=login]').fill(SURVEYOR.sub);
    await page.locator('input[name=password]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // Back in the app, greeted by the name the provider gave.
    await page.getByRole('heading', { name: `Welcome, ${SURVEYOR.name}`, level: 1 }).waitFor();
    await expectPath(page, '/');
    const me = await api(page, 'GET', '/api/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ data: { name: SURVEYOR.name, email: SURVEYOR.email } });

    // The private map is not theirs yet: the server says it does not exist.
    expect((await api(page, 'GET', `/api/maps/${mapId}`)).status()).toBe(404);

    // The first sign-in made the provider's group; the admin grants the map to it.
    const groups = await api(adminPage, 'GET', '/api/groups');
    const listed = ((await groups.json()) as { data: { id: number; name: string }[] }).data;
    const surveyors = listed.find((group) => group.name === 'surveyors');
    if (!surveyors) throw new Error(`no "surveyors" group among ${JSON.stringify(listed)}`);
    const granted = await api(adminPage, 'PUT', `/api/maps/${mapId}/access`, {
      grants: [{ group_id: surveyors.id, role: 'viewer' }],
    });
    expect(granted.status(), await granted.text()).toBe(200);

    // Now the map opens for them.
    await page.goto(`/maps/${mapId}/show`);
    await page.getByRole('heading', { name: 'Survey plan', level: 1 }).waitFor();
    expect((await api(page, 'GET', `/api/maps/${mapId}`)).status()).toBe(200);
  });

  test('an answer that does not match the sign-in under way (wrong state) ends on the sign-in screen with the reason and no session', async () => {
    const page = await offline(await suite.newPage());
    await page.goto('/login');
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    await page.locator('input[name=login]').waitFor();
    // Instead of signing in, something sends the browser back with a state of its own (and the
    // `iss` the provider names itself with in every answer).
    const forged = new URLSearchParams({ code: 'x', state: 'wrong', iss: provider?.issuer ?? '' });
    await page.goto(`/auth/oidc/callback?${forged.toString()}`);
    await expectPath(page, '/login');
    await page
      .getByRole('alert')
      .getByText('The sign-in could not be matched to this browser or had expired. Please start again.')
      .waitFor();
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).waitFor();
    expect((await api(page, 'GET', '/api/user')).status()).toBe(401);
  });
});
