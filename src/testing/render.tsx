import { AbilityProvider } from '@casl/react';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { User } from '../../generated/model';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { applyScenario } from '../../mocks/scenarios';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { toastQueue } from '../components/ui/toast';
import { ability, replaceAbilityRules } from '../lib/ability';
import { MapEngineContext } from '../map/map-canvas';
import { RecordingMapCanvas } from '../map/testing/recording-map-canvas';
import { refreshSession } from '../lib/session';
import { markRulesReceived } from '../lib/signed-in-resources';
import { useLayerRevisionsStore } from '../stores/layer-revisions-store';
import { useAuthStore } from '../stores/auth-store';
import { useMapErrorsStore } from '../stores/map-errors-store';
import { usePopupStore } from '../stores/popup-store';
import { initTestI18n } from './test-i18n';

export type SignedInAs = 'admin' | 'user';

type RenderAppOptions = {
  /** Sign in through the mock API (real /api/user + /api/abilities calls) before rendering. */
  as?: SignedInAs;
  /** Run the app's start-up user fetch, as main.tsx does. Off by default. */
  checkSession?: boolean;
  /** What the browser's stored state says at load: signed in as this user (the server may disagree). */
  storedUser?: User;
};

export type AppHarness = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
  queryClient: QueryClient;
};

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function resetStore<T>(store: { setState: (state: T, replace: true) => void; getInitialState: () => T }) {
  store.setState(store.getInitialState(), true);
}

/**
 * Forgets what a previous test left in the app's singletons: the files of a worker share one
 * module cache, so a store a test changed would otherwise reach the next test and the next file.
 */
export function resetClientState(): void {
  localStorage.clear();
  sessionStorage.clear();
  resetStore(useAuthStore);
  resetStore(usePopupStore);
  resetStore(useMapErrorsStore);
  resetStore(useLayerRevisionsStore);
  for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  replaceAbilityRules([]);
  markRulesReceived();
}

/**
 * The whole app (routes, guards, layout, providers) at `path`, against the MSW mock API. jsdom has
 * no canvas, so maps draw with the engine that records its props (map/testing/recording-map-canvas.tsx),
 * given through the engine context the screens read: it is there at the first render, where
 * OpenLayers is a lazily loaded module whose first import can outlast a one-second wait.
 */
export async function renderApp(
  path: string,
  { as, checkSession = false, storedUser }: RenderAppOptions = {},
): Promise<AppHarness> {
  resetClientState();
  if (storedUser) useAuthStore.setState({ authenticated: true, user: storedUser });
  const queryClient = createTestQueryClient();
  if (as) {
    applyScenario(as);
    if (!(await refreshSession(queryClient))) throw new Error(`Could not sign in as ${as} in the mock API.`);
  }
  // Without the start-up check, the state set above (or "signed out") is the answer the guards take.
  if (!checkSession) useAuthStore.getState().markAnswered();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient} i18n={initTestI18n()} checkSession={checkSession}>
      <MapEngineContext.Provider value={RecordingMapCanvas}>
        <RouterProvider router={router} />
      </MapEngineContext.Provider>
    </AppProvider>,
  );
  return { ...result, router, user, queryClient };
}

/** A single component with the app's providers (and the ability signed-in routes provide) but no routes. */
export function renderWithProviders(
  ui: ReactNode,
): RenderResult & { user: ReturnType<typeof userEvent.setup> } {
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={createTestQueryClient()} i18n={initTestI18n()} checkSession={false}>
      <MapEngineContext.Provider value={RecordingMapCanvas}>
        <AbilityProvider value={ability}>{ui}</AbilityProvider>
      </MapEngineContext.Provider>
    </AppProvider>,
  );
  return { ...result, user };
}
