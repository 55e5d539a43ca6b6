import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { Loading } from '../components/ui/status';
import { paths } from '../lib/paths';
import { loadLazyModule } from '../lib/preload-error';
import { GuestOnly } from './guards';
import { PageFrame } from './layouts/page-frame';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** A guest screen in its own chunk; a failed chunk goes through loadLazyModule (docs/product.md#errors). */
function lazyGuestScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await loadLazyModule(load)) }));
}

const LoginScreen = lazyGuestScreen(
  () => import('../screens/auth/login-screen'),
  (m) => m.LoginScreen,
);
const TwoFactorScreen = lazyGuestScreen(
  () => import('../screens/auth/two-factor-screen'),
  (m) => m.TwoFactorScreen,
);
const RegisterScreen = lazyGuestScreen(
  () => import('../screens/auth/register-screen'),
  (m) => m.RegisterScreen,
);
const ForgotPasswordScreen = lazyGuestScreen(
  () => import('../screens/auth/forgot-password-screen'),
  (m) => m.ForgotPasswordScreen,
);
const ResetPasswordScreen = lazyGuestScreen(
  () => import('../screens/auth/reset-password-screen'),
  (m) => m.ResetPasswordScreen,
);
const VerifyEmailScreen = lazyGuestScreen(
  () => import('../screens/auth/verify-email-screen'),
  (m) => m.VerifyEmailScreen,
);

/** The paths this shell can show; any other one is the full router's. */
export const signInShellPaths: readonly string[] = [
  paths.login,
  paths.twoFactor,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
];

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
            <Route path={paths.login} element={<LoginScreen />} />
            <Route path={paths.twoFactor} element={<TwoFactorScreen />} />
            <Route path={paths.register} element={<RegisterScreen />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordScreen />} />
            <Route path={paths.resetPassword} element={<ResetPasswordScreen />} />
            <Route path={paths.verifyEmail} element={<VerifyEmailScreen />} />
          </Route>
          <Route path="*" element={<LeaveShell onLeave={onLeave} />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
