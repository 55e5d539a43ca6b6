import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { initI18n } from './lib/i18n';
import { installPreloadErrorReload } from './lib/preload-error';
import { createQueryClient } from './lib/query-client';
import { loadSignedInResources } from './lib/signed-in-resources';
import { useAuthStore } from './stores/auth-store';
import './styles/index.css';

/** Mock mode (`npm run dev:mock`): the API answers from MSW in a service worker. */
async function startMockApi(): Promise<void> {
  if (import.meta.env.VITE_MOCK !== '1') return;
  const { startMockWorker } = await import('../mocks/browser-worker');
  await startMockWorker();
}

/** Mock mode's panel of overrides, in its own root so the app's tree stays as in production. */
async function mountMockPanel(i18n: I18n): Promise<void> {
  if (import.meta.env.VITE_MOCK !== '1') return;
  const [{ MockPanel }, { mockPanelMessages, MOCK_PANEL_NAMESPACE }, { I18nextProvider }] = await Promise.all(
    [import('../mocks/mock-panel'), import('../mocks/mock-panel-messages'), import('react-i18next')],
  );
  for (const [locale, messages] of Object.entries(mockPanelMessages))
    i18n.addResourceBundle(locale, MOCK_PANEL_NAMESPACE, messages);
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <MockPanel />
    </I18nextProvider>,
  );
}

/** Development and mock mode: answers that drift from the document are console errors (dev-drift-check.ts). */
async function installDriftCheck(): Promise<void> {
  // Constant-folded to false in production builds, so the check and its chunk are left out.
  if (!import.meta.env.DEV) return;
  const { installDriftCheck: install } = await import('./lib/dev-drift-check');
  install();
}

async function start(): Promise<void> {
  installPreloadErrorReload();
  // Someone who stayed signed in gets the signed-in screens' texts and CASL with the first paint.
  const signedIn = useAuthStore.getState().authenticated;
  const [i18n] = await Promise.all([
    initI18n({ signedIn }),
    startMockApi(),
    installDriftCheck(),
    signedIn ? loadSignedInResources() : undefined,
  ]);
  // Loaded after the mock worker, so no request can leave before it listens.
  const { AppRoot } = await import('./app/app-root');
  const container = document.getElementById('app');
  if (!container) throw new Error('The page has no #app element.');
  void mountMockPanel(i18n);
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()} i18n={i18n}>
        <AppRoot signedIn={signedIn} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
