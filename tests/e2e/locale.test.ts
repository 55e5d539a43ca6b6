import { describe, expect, test } from 'vitest';
import bn from '../../src/locales/bn.json';
import en from '../../src/locales/en.json';
import es from '../../src/locales/es.json';
import fr from '../../src/locales/fr.json';
import ptBR from '../../src/locales/pt-BR.json';
import zhCN from '../../src/locales/zh-CN.json';
import { useRealServer } from './support/real-server-suite';
import { eventually, signIn } from './support/ui';

const LOCALES = { bn, en, es, fr, 'pt-BR': ptBR, 'zh-CN': zhCN } as const;
const YEAR_S = 365 * 24 * 3600;

// Flow 4: the language switch, its cookie, and every shipped locale on the sign-in screen.
describe('locale', () => {
  const suite = useRealServer();

  test('switching to French changes the visible text, sets the locale cookie and survives a reload', async () => {
    const page = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: en.auth.login_title, level: 1 }).waitFor();

    await page.getByRole('combobox', { name: en.nav.language }).selectOption('fr');
    await page.getByRole('heading', { name: fr.auth.login_title, level: 1 }).waitFor();
    await page.getByText(fr.auth.login_intro).waitFor();
    expect(await page.getByRole('heading', { name: en.auth.login_title, level: 1 }).count()).toBe(0);
    await eventually(() => page.evaluate(() => document.documentElement.lang), 'fr');

    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'locale');
    expect(cookie?.value).toBe('fr');
    // Kept for 365 days (docs/product.md#constants); a minute of slack for the time the test itself takes.
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_S))).toBeLessThan(60);

    await page.reload();
    await page.getByRole('heading', { name: fr.auth.login_title, level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: fr.nav.language }).inputValue()).toBe('fr');
    await page.getByRole('button', { name: fr.auth.login_submit }).waitFor();
  });

  test('each of the six locales renders its own sign-in heading', async () => {
    const page = await suite.newPage();
    const { baseUrl } = suite.server();
    for (const [locale, messages] of Object.entries(LOCALES)) {
      await page.context().addCookies([{ name: 'locale', value: locale, url: baseUrl }]);
      await page.goto('/login');
      await page.getByRole('heading', { name: messages.auth.login_title, level: 1, exact: true }).waitFor();
      await eventually(() => page.evaluate(() => document.documentElement.lang), locale);
      if (locale !== 'en') expect(messages.auth.login_title).not.toBe(en.auth.login_title);
    }
  });

  test('a stored locale the app does not ship falls back to English', async () => {
    const page = await suite.newPage();
    await page.context().addCookies([{ name: 'locale', value: 'xx-YY', url: suite.server().baseUrl }]);
    await page.goto('/login');
    await page.getByRole('heading', { name: en.auth.login_title, level: 1, exact: true }).waitFor();
    // What a person sees: the page is English and the switch offers English as the current language.
    await eventually(() => page.evaluate(() => document.documentElement.lang), 'en');
    expect(await page.getByRole('combobox', { name: en.nav.language }).inputValue()).toBe('en');
    expect(await page.getByText(en.auth.login_intro).count()).toBe(1);
  });

  test('a signed-in person switches language on a signed-in screen and reads it whole, without a reload', async () => {
    const { admin } = suite.server();
    const page = await suite.newPage();
    await signIn(page, admin.email, admin.password, admin.name);
    // Through the menu, not a page load: the texts that came with sign-in are what shows.
    await page.getByRole('link', { name: en.nav.profile }).click();
    await page.getByRole('heading', { name: en.profile.title, level: 1 }).waitFor();
    const loads: string[] = [];
    page.on('framenavigated', (frame) => loads.push(frame.url()));

    await page.getByRole('banner').getByRole('combobox', { name: en.nav.language }).selectOption('fr');
    // Texts of the signed-in group (profile) and of the guest group (nav) both in French.
    await page.getByRole('heading', { name: fr.profile.title, level: 1 }).waitFor();
    await page.getByRole('heading', { name: fr.profile.details_title }).waitFor();
    await page.getByRole('link', { name: fr.nav.maps }).waitFor();
    expect(loads).toEqual([]);
    // No key shows raw, like "profile.title" or "nav.maps".
    const rawKey = new RegExp(`\\b(${Object.keys(en).join('|')})\\.[a-z_]+`);
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);
  });
});
