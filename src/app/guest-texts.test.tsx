import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { sectionsOf } from '../lib/locale-groups';
import { resetClientState } from '../testing/render';
import { AppProvider } from './provider';
import { routes } from './routes';

/**
 * A guest's browser has only the `guest` sections of one locale (src/lib/locale-groups.ts).
 * Every screen a guest can open must find all its texts there, or it shows raw keys.
 */
async function missingKeysOn(path: string, heading: RegExp | string): Promise<string[]> {
  resetClientState();
  const missing: string[] = [];
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: sectionsOf(en, 'guest') } },
    lng: 'en',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={new QueryClient()} i18n={i18n} checkSession={false}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  // The first lazy screen of a run can take a while to transform on a busy machine.
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
  view.unmount();
  return missing;
}

describe('the texts a guest loads', () => {
  it.each([
    ['/login', 'Log in'],
    ['/register', /.+/],
    ['/forgot-password', /.+/],
    ['/reset-password?token=t&email=ada%40example.com', /.+/],
    ['/2fa?email=YWRhQGV4YW1wbGUuY29t', /.+/],
    ['/verify-email?id=1&hash=h&expires=1&signature=s', /.+/],
    ['/', /.+/],
    ['/no/such/page', /.+/],
  ])(
    'cover every text of %s',
    async (path, heading) => {
      expect(await missingKeysOn(path, heading)).toEqual([]);
    },
    20_000,
  );
});
