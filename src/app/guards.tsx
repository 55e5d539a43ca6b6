import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { Loading } from '../components/ui/status';
import { paths } from '../lib/paths';
import { useAbilityModule } from '../lib/signed-in-resources';
import { isAdmin, useAuthStore } from '../stores/auth-store';
import { SignedInScope } from './signed-in-scope';

// docs/product.md#routes: guards read the client-side auth state only; the server enforces the rest.

/**
 * Not known to be signed in yet: the stored state says "signed out" but the server has not
 * answered the start-up check, and the browser may still hold a session (signed in in another
 * tab, or straight over HTTP). Such a page waits for that answer instead of leaving for login.
 */
function useAwaitingSession(): boolean {
  const authenticated = useAuthStore((state) => state.authenticated);
  const answered = useAuthStore((state) => state.answered);
  return !authenticated && !answered;
}

/** Signed-in routes: a guest goes to the login screen. */
export function RequireAuth() {
  const authenticated = useAuthStore((state) => state.authenticated);
  const location = useLocation();
  if (useAwaitingSession()) return <Loading />;
  return authenticated ? (
    <SignedInScope>
      <Outlet />
    </SignedInScope>
  ) : (
    <Navigate to={paths.login} replace state={{ from: location.pathname }} />
  );
}

/** Admin routes: a guest goes to login, a signed-in non-admin goes home. */
export function RequireAdmin() {
  const authenticated = useAuthStore((state) => state.authenticated);
  const user = useAuthStore((state) => state.user);
  if (useAwaitingSession()) return <Loading />;
  if (!authenticated) return <Navigate to={paths.login} replace />;
  return isAdmin(user) ? (
    <SignedInScope>
      <Outlet />
    </SignedInScope>
  ) : (
    <Navigate to={paths.home} replace />
  );
}

/**
 * Guest-only routes (login, 2fa, register, password reset): a signed-in user goes home. When
 * only the stored state says "signed in", the page waits for the start-up check: the session
 * may have ended meanwhile (at the identity provider, in another tab), and a failed single
 * sign-on's reason on /login must not be lost to a trip home.
 */
export function GuestOnly() {
  const authenticated = useAuthStore((state) => state.authenticated);
  const answered = useAuthStore((state) => state.answered);
  if (authenticated && !answered) return <Loading />;
  return authenticated ? <Navigate to={paths.home} replace /> : <Outlet />;
}

/**
 * A map's viewers (2D, 3D, the layer table): a signed-in person (the server answers for each
 * map), or a guest whose rules read this map: a public map, or the map of the share link the
 * browser opened. Any other guest goes to the login screen, and comes back here after it.
 */
export function RequireMapReader() {
  const authenticated = useAuthStore((state) => state.authenticated);
  const location = useLocation();
  const id = Number(useParams().id);
  const loaded = useAbilityModule();
  // Until the start-up check's rules are in, SignedInScope shows that it is loading.
  const mayRead = authenticated || !loaded || loaded.ability.can('read', loaded.onMap('Map', id));
  return mayRead ? (
    <SignedInScope>
      <Outlet />
    </SignedInScope>
  ) : (
    <Navigate to={paths.login} replace state={{ from: location.pathname }} />
  );
}

/**
 * A map's administration (inside RequireAuth): admins and that map's managers, who may update
 * it; anyone else goes home before the screen's chunk is fetched. Opened by its address, the
 * page waits for the session's rules (a reload restores "signed in" before they arrive).
 */
export function RequireMapManager({ children }: { children: ReactNode }) {
  const loaded = useAbilityModule();
  const id = Number(useParams().id);
  if (!loaded) return null;
  return loaded.ability.can('update', loaded.onMap('Map', id)) ? (
    children
  ) : (
    <Navigate to={paths.home} replace />
  );
}
