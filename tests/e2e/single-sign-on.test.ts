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

const OLLY = { sub: 'olly', email: 'olly@town.example', email_verified: true, name: 'Olly' };
const OTHER_CLIENT = { clientId: 'someone-else', clientSecret: 'someone-else-secret' };
const MESSAGES = {
  state: 'The sign-in could not be matched to this browser or had expired. Please start again.',
  code: "The identity provider's sign-in code was expired or already used. Please start again.",
  token:
    "The identity provider's answer could not be trusted (wrong issuer, audience or signature). No session was started.",
  emailUnverified:
    'An account with this email address exists, but the identity provider has not verified the address, so it cannot be linked.',
  unavailable: 'The identity provider could not be reached. Please try again later.',
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

const CALLBACK = /\/auth\/oidc\/callback\?/;

/** The button, then the provider's login form, signed in there as `login`. */
async function signInAtTheProvider(page: Page, login: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Back on the sign-in screen with this reason, the button there to start again, and no session. */
async function expectRefused(page: Page, message: string): Promise<void> {
  await expectPath(page, '/login');
  await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).waitFor();
  expect((await api(page, 'GET', '/api/user')).status()).toBe(401);
}

/**
 * Holds the browser's way back from the provider's login form until `meanwhile` has run. A
 * request a redirect leads to cannot be routed, so the form's post and the provider's redirects
 * after it are made here, in the browser's context (its cookies), and the browser is handed the
 * last redirect only, the one back to the app, once `meanwhile` is done.
 */
async function holdTheWayBack(page: Page, issuer: string, meanwhile: () => Promise<unknown>): Promise<void> {
  await page.route(
    (url) => url.origin === issuer && url.pathname.startsWith('/interaction/'),
    async (route) => {
      if (route.request().method() !== 'POST') {
        await route.fallback();
        return;
      }
      let response = await route.fetch({ maxRedirects: 0 });
      let next = response.headers().location;
      while (next !== undefined && new URL(next, response.url()).origin === issuer) {
        response = await page.context().request.get(new URL(next, response.url()).href, { maxRedirects: 0 });
        next = response.headers().location;
      }
      if (next === undefined || !CALLBACK.test(next))
        throw new Error(`the provider answered ${response.status()}`);
      await meanwhile();
      await route.fulfill({ response });
    },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('single sign-on with an OpenID Connect provider, end to end', () => {
  let provider: TestProvider | undefined;
  let app = '';
  const suite = useRealServer({
    // The provider registers the app's callback, and the app is told the provider's issuer.
    extraEnv: async (appUrl) => {
      app = appUrl;
      provider = await startTestProvider({
        appUrl,
        accounts: [SURVEYOR, OLLY],
        otherClients: [OTHER_CLIENT],
      });
      return {
        APP_URL: appUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_LABEL: LABEL,
        OIDC_GROUPS_CLAIM: 'groups',
        OIDC_LINK_EMAIL: 'verified',
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
    await expectRefused(page, MESSAGES.state);
  });

  test("the provider's answer works once: the same callback again, or its code under a fresh sign-in, is refused", async () => {
    const page = await offline(await suite.newPage());
    const answered = page.waitForRequest(CALLBACK);
    await signInAtTheProvider(page, OLLY.sub);
    const callback = (await answered).url();
    await page.getByRole('heading', { name: `Welcome, ${OLLY.name}`, level: 1 }).waitFor();
    // Signing out ends the session at the provider too, which asks first.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expectPath(page, '/login');
    expect((await api(page, 'GET', '/api/user')).status()).toBe(401);

    // The same answer again: the sign-in it belonged to is used up.
    await page.goto(callback);
    await expectRefused(page, MESSAGES.state);

    // Its code under a sign-in of its own, started afresh: the provider refuses the code.
    const authorizing = page.waitForRequest((request) =>
      request.url().startsWith(`${provider?.issuer}/auth?`),
    );
    await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    const state = new URL((await authorizing).url()).searchParams.get('state') ?? '';
    await page.locator('input[name=login]').waitFor();
    const replayed = new URL(callback);
    replayed.searchParams.set('state', state);
    await page.goto(replayed.href);
    await expectRefused(page, MESSAGES.code);
  });

  test('a code that expired while the browser carried it back is refused', async () => {
    const page = await offline(await suite.newPage());
    provider?.setCodeTtl(1);
    try {
      // The browser's way back is held until the one-second code is past its time.
      await holdTheWayBack(page, provider?.issuer ?? '', () => sleep(2_500));
      await signInAtTheProvider(page, OLLY.sub);
      await expectRefused(page, MESSAGES.code);
    } finally {
      provider?.setCodeTtl(60);
    }
  });

  test('an ID token meant for another client, or signed by another issuer, is refused', async () => {
    if (!provider) throw new Error('the provider did not start');
    const elsewhere = await startTestProvider({ appUrl: app, accounts: [OLLY] });
    try {
      // The swap itself lets a token for this app through: the refusals below are the app's own.
      provider.answerWithIdTokenFrom(provider);
      const control = await offline(await suite.newPage());
      await signInAtTheProvider(control, OLLY.sub);
      await control.getByRole('heading', { name: `Welcome, ${OLLY.name}`, level: 1 }).waitFor();

      provider.answerWithIdTokenFrom({ issuer: provider.issuer, ...OTHER_CLIENT });
      const audience = await offline(await suite.newPage());
      await signInAtTheProvider(audience, OLLY.sub);
      await expectRefused(audience, MESSAGES.token);

      provider.answerWithIdTokenFrom(elsewhere);
      const issuer = await offline(await suite.newPage());
      await signInAtTheProvider(issuer, OLLY.sub);
      await expectRefused(issuer, MESSAGES.token);
    } finally {
      provider.answerWithIdTokenFrom(undefined);
      await elsewhere.close();
    }
  });

  test('an address the provider has not verified does not take over the password account that has it', async () => {
    const { admin } = suite.server();
    provider?.accounts.set('mallory', {
      sub: 'mallory',
      email: admin.email,
      email_verified: false,
      name: 'Mallory',
    });
    const page = await offline(await suite.newPage());
    await signInAtTheProvider(page, 'mallory');
    await expectRefused(page, MESSAGES.emailUnverified);
  });

  // Last: the provider stays down.
  test('a provider that is down when the browser comes back is named as the reason, with no session', async () => {
    const page = await offline(await suite.newPage());
    await holdTheWayBack(page, provider?.issuer ?? '', async () => {
      await provider?.close();
    });
    await signInAtTheProvider(page, OLLY.sub);
    await expectRefused(page, MESSAGES.unavailable);
  });
});
