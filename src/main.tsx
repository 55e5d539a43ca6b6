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
  const [{ setupWorker }, { http, passthrough }, { handlers }] = await Promise.all([
    import('msw/browser'),
    import('msw'),
    import('../mocks/handlers'),
  ]);
  // Vite serves generated/api/**.ts as modules; without this, '*/api/users/:id' answers them.
  const viteModules = http.get('/generated/*', () => passthrough());
  await setupWorker(viteModules, ...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
}

async function start(): Promise<void> {
  installPreloadErrorReload();
  // Someone who stayed signed in gets the signed-in screens' texts and CASL with the first paint.
  const signedIn = useAuthStore.getState().authenticated;
  const [i18n] = await Promise.all([
    initI18n({ signedIn }),
    startMockApi(),
    signedIn ? loadSignedInResources() : undefined,
  ]);
  // Loaded after the mock worker, so no request can leave before it listens.
  const { AppRoot } = await import('./app/app-root');
  const container = document.getElementById('app');
  if (!container) throw new Error('The page has no #app element.');
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()} i18n={i18n}>
        <AppRoot signedIn={signedIn} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
