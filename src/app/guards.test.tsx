import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getGetCurrentUserResponseMock } from '../../generated/api/auth/auth.msw';
import { applyScenario } from '../../mocks/scenarios';
import { replaceAbilityRules } from '../lib/signed-in-resources';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';

afterEach(() => {
  vi.unstubAllGlobals();
  server.events.removeAllListeners();
});

/** Resolves once the mock API has answered a request for this path. */
function answered(pathname: string): Promise<void> {
  return new Promise((resolve) =>
    server.events.on('response:mocked', ({ request }) => {
      if (new URL(request.url).pathname === pathname) resolve();
    }),
  );
}

describe('route guards', () => {
  it('sends a guest from a signed-in route to the login screen', async () => {
    const { router } = await renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a guest from an admin route to the login screen', async () => {
    const { router } = await renderApp('/users');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in non-admin from an admin route home', async () => {
    const { router } = await renderApp('/dashboard/maps/4/layers', { as: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Una User' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/users', 'admin', 'Users'],
    ['/profile', 'user', 'Profile'],
  ] as const)(
    'opens %s to a browser that holds a session its stored state does not know (signed in elsewhere)',
    async (path, as, heading) => {
      applyScenario(as);
      const { router } = await renderApp(path, { checkSession: true });
      const visited: string[] = [];
      router.subscribe((state) => visited.push(state.location.pathname));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(visited).not.toContain('/login');
    },
  );

  it("keeps a failed single sign-on's reason on /login when only the stored state said signed in", async () => {
    // Signed in once in this browser; the session has ended since, and a provider sign-in failed.
    const { router } = await renderApp('/login?sso_error=state', {
      checkSession: true,
      storedUser: getGetCurrentUserResponseMock().data,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in could not be matched to this browser or had expired. Please start again.',
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a guest from an admin route to log in once the start-up check says signed out', async () => {
    const { router } = await renderApp('/users', { checkSession: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets an admin into user administration', async () => {
    await renderApp('/users', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from guest-only screens', async () => {
    const { router } = await renderApp('/register', { as: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Una User' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens a map screen beyond the viewer (print) to a signed-in user', async () => {
    await renderApp('/pdf', { as: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Print to PDF' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it('opens a map administration section for an admin', async () => {
    await renderApp('/dashboard/maps/1/filters/create', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Create filter' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Map sections' })).toBeInTheDocument();
  });

  it.each(['/', '/no/such/page'])(
    'lets a guest stay on %s: the start-up probe only learns they are signed out',
    async (path) => {
      const assign = vi.fn<(url: string) => void>();
      vi.stubGlobal('location', { ...window.location, pathname: path, assign });
      const probe = answered('/api/user');
      const { router } = await renderApp(path, { checkSession: true });
      await probe;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(assign).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe(path);
      if (path === '/') expect(await screen.findByText("I'm an example component.")).toBeInTheDocument();
      else expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Log in');
    },
  );

  it("opens a map's viewer to a guest whose rules read that map; any other map sends them to log in", async () => {
    const { router } = await renderApp('/');
    // A guest's rules as the server answers them for a public map (or a share link's).
    await act(() =>
      replaceAbilityRules([
        { action: 'read', subject: 'Map', conditions: { id: { $in: [1] } } },
        { action: 'read', subject: ['Layer', 'Feature'], conditions: { map_id: { $in: [1] } } },
      ]),
    );
    await act(() => router.navigate('/maps/1/show'));
    // The viewer mounts (the mock API answers accounts only, so it says the map could not load).
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maps/1/show');

    await act(() => router.navigate('/maps/2/show'));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the profile breadcrumb', async () => {
    await renderApp('/profile', { as: 'user' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(crumbs).toHaveTextContent('Profile');
  });
});
