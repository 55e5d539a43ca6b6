import { describe, expect, test } from 'vitest';
import { uniqueAccount } from './support/accounts';
import { registerAccount } from './support/api';
import { useRealServer } from './support/real-server-suite';
import { expectPath, signIn, signInOverHttp } from './support/ui';

// Flows 5 and 6 against the real server: route guards, and the not-found page.
describe('route guards and unknown routes', () => {
  const suite = useRealServer();

  test('a signed-out visitor opening /users or /profile lands on the sign-in screen', async () => {
    const page = await suite.newPage();
    await page.goto('/users');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();

    await page.goto('/profile');
    await expectPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
  });

  test('a signed-in user who is not an admin is sent home from /users, and from /login', async () => {
    const person = uniqueAccount('Guard User');
    await registerAccount(suite.server().baseUrl, person, suite.smtp());
    const page = await suite.newPage();
    await signInOverHttp(page, person.email, person.password);

    await page.goto('/users');
    await expectPath(page, '/');
    await page.getByRole('heading', { name: `Welcome, ${person.name}`, level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Users', level: 1 }).count()).toBe(0);

    await page.goto('/login');
    await expectPath(page, '/');
    await page.getByRole('heading', { name: `Welcome, ${person.name}`, level: 1 }).waitFor();
  });

  test('a signed-in admin visiting /login is sent home', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signIn(page, admin.email, admin.password, admin.name);
    await page.goto('/login');
    await expectPath(page, '/');
    expect(await page.getByRole('heading', { name: 'Log in', level: 1 }).count()).toBe(0);
  });

  test('a signed-out visitor stays on home and on the not-found page', async () => {
    const page = await suite.newPage();
    await page.goto('/');
    await page.getByText("I'm an example component.").waitFor();
    await page.goto('/no/such/screen');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    // Give the start-up probe time to answer: it must not move the visitor.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/no/such/screen');
  });

  test('an unknown path shows the not-found page with a way home', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signInOverHttp(page, admin.email, admin.password);
    const response = await page.goto('/no/such/screen');
    // The server hands the SPA to any client route; the client decides it is unknown.
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/screen');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expectPath(page, '/');
  });
});
