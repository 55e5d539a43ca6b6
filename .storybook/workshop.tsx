import { QueryClient } from '@tanstack/react-query';
import type { Decorator, Preview, StoryContext } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { applyScenario, type ScenarioName } from '../mocks/scenarios';
import { AppProvider } from '../src/app/provider';
import { SignedInScope } from '../src/app/signed-in-scope';
import { refreshSession } from '../src/lib/session';
import { initTestI18n } from '../src/testing/test-i18n';

/**
 * What a story may say about where it renders (`parameters`):
 * - `route`: the route pattern and the address the memory router starts at, for screens that read
 *   their ids from the address (`{ path: '/maps/:id/filters', entry: '/maps/1/filters' }`);
 * - `signedInAs`: the mock scenario the story starts from, `admin` unless it says otherwise.
 */
export type WorkshopParameters = {
  route?: { path: string; entry: string };
  signedInAs?: ScenarioName;
};

const ANYWHERE = { path: '*', entry: '/' };

/** Each story its own cache, so one story's answers never show in the next; a failure is shown at once. */
function storyQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function Workshop({
  route,
  signedIn,
  children,
}: {
  route: NonNullable<WorkshopParameters['route']>;
  signedIn: boolean;
  children: ReactNode;
}) {
  const [queryClient] = useState(storyQueryClient);
  return (
    <AppProvider queryClient={queryClient} i18n={initTestI18n()} checkSession={false}>
      <MemoryRouter initialEntries={[route.entry]}>
        <Routes>
          <Route
            path={route.path}
            element={signedIn ? <SignedInScope>{children}</SignedInScope> : children}
          />
        </Routes>
      </MemoryRouter>
    </AppProvider>
  );
}

/** The app's providers around a story: i18n, React Query, a memory router and (signed in) the ability. */
const withWorkshop: Decorator = (Story, { parameters }) => {
  const { route = ANYWHERE, signedInAs = 'admin' } = parameters as WorkshopParameters;
  return (
    <Workshop route={route} signedIn={signedInAs !== 'signed-out'}>
      <Story />
    </Workshop>
  );
};

/**
 * Before each story: fresh mock data in the story's scenario and, signed in, the session and
 * rules the app would hold after signing in (asked of the mock API as the app asks for them).
 * Runs after the loaders, so in the workshop the mock worker is already listening.
 */
async function startScenario({ parameters }: StoryContext): Promise<void> {
  const { signedInAs = 'admin' } = parameters as WorkshopParameters;
  applyScenario(signedInAs);
  if (signedInAs === 'signed-out') return;
  if (!(await refreshSession(storyQueryClient())))
    throw new Error(`Could not sign in as ${signedInAs} in the mock API.`);
}

/**
 * Shared by the workshop (preview.tsx adds the mock worker) and the unit run of the stories
 * (src/stories.test.tsx, where the tests' MSW server answers instead).
 */
export const workshopAnnotations: Preview = {
  decorators: [withWorkshop],
  beforeEach: [startScenario],
};
