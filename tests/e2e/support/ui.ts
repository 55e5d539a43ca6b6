import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The English sign-in texts (src/locales/en.json) the shared steps look for. */
const en = {
  loginTitle: 'Log in',
  loginSubmit: 'Log in',
  welcomeUser: (name: string) => `Welcome, ${name}`,
} as const;

/** Polls `read` until it returns `expected` (Playwright's own expect is not part of playwright-core). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last).toBe(expected);
}

/** Waits until the browser is on `path` (pathname only). */
export async function expectPath(page: Page, path: string, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => new URL(page.url()).pathname, path, timeoutMs);
}

/** Signs in through the sign-in form the way a person would. Does not wait for where it leads. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('heading', { name: en.loginTitle, level: 1 }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: en.loginSubmit }).click();
}

/** Signs in and waits for the home screen greeting the user by name. */
export async function signIn(page: Page, email: string, password: string, name: string): Promise<void> {
  await submitLogin(page, email, password);
  await page.getByRole('heading', { name: en.welcomeUser(name), level: 1 }).waitFor();
  await expectPath(page, '/');
}

/**
 * Signs in over HTTP as the sign-in form does (`POST /login` with the XSRF token the first answer
 * set), in the page's own cookie jar, for flows that begin after signing in: the page then opens
 * where the flow starts, without loading the sign-in and home screens first. The form itself is
 * what `signIn` and the sign-in flows (guards, two-factor, password reset, locale) go through.
 */
export async function signInOverHttp(page: Page, email: string, password: string): Promise<void> {
  await page.request.get('/api/user');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (xsrf === undefined) throw new Error('the server set no XSRF-TOKEN cookie');
  const answer = await page.request.post('/login', {
    data: { email, password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toEqual({ next_step: 'home' });
}

/**
 * Shows or hides a layer with its checkbox in the layer tree. The box is react-aria's (a
 * visually hidden input inside its label), so the label is what a pointer clicks.
 */
export async function setLayerShown(page: Page, name: string, shown: boolean): Promise<void> {
  const box = page.getByRole('checkbox', { name, exact: true });
  if ((await box.isChecked()) !== shown) {
    const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    await page.locator('label.layer-toggle').filter({ hasText: exactly }).click();
  }
  await eventually(() => box.isChecked(), shown);
}
