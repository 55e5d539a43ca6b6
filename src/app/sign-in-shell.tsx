import { Suspense, useEffect } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { Loading } from '../components/ui/status';
import { GuestOnly } from './guards';
import { guestScreens } from './guest-screens';
import { PageFrame } from './layouts/page-frame';
import { ScreenErrorBoundary } from './screen-error-boundary';

// Made here, once per copy of this module: a lazy component loads its chunk once.
const screens = guestScreens.map(({ path, component }) => ({ path, Screen: component() }));

/** The paths this shell can show; any other one is the full router's. */
export const signInShellPaths: readonly string[] = guestScreens.map((screen) => screen.path);

/** Any path the shell does not know (home after sign-in, a link out): hand over to the full router. */
function LeaveShell({ onLeave }: { onLeave: () => void }) {
  useEffect(onLeave, [onLeave]);
  return <Loading />;
}

function ShellLayout() {
  const { pathname } = useLocation();
  return (
    <PageFrame mapFirst={false}>
      <ScreenErrorBoundary address={pathname}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </PageFrame>
  );
}

/**
 * docs/architecture.md#first-load: a signed-out visitor's first page is one of the guest screens,
 * which need none of the signed-in route tree (its guards, admin routes and their chunks' names).
 * This shell shows them with its own small route list; the first
 * navigation anywhere else (after sign-in, a link to home) swaps in the full router
 * (src/app/router.tsx), which has the same guest routes, so going back to /login works there too.
 *
 * A navigation is not a React transition (`useTransitions={false}`, as in the full router): a
 * transition keeps the screen being left on show, and usable, until the next screen's chunk has
 * arrived, while the address already names the next one. Following "Forgot your password?" then
 * left the sign-in form under the new address, and whatever was typed into its Email field was
 * gone when the reset form replaced it. Without the transition the layout shows that the screen is
 * loading at once, and the next screen's fields are the first ones offered.
 */
export function SignInShell({ onLeave }: { onLeave: () => void }) {
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route element={<GuestOnly />}>
            {screens.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
          </Route>
          <Route path="*" element={<LeaveShell onLeave={onLeave} />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
