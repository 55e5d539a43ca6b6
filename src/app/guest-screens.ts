import type { ComponentType, LazyExoticComponent } from 'react';
import { paths } from '../lib/paths';
import { lazyComponent } from './lazy-screen';

/** A screen for signed-out visitors, which both the sign-in shell and the full router show. */
export type GuestScreen = {
  path: string;
  /** Its route name, for the named routes of docs/product.md#routes. */
  id?: string;
  /** A lazy component of the screen's chunk: each router makes its own. */
  component: () => LazyExoticComponent<ComponentType>;
};

function guestScreen<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  id?: string,
): GuestScreen {
  return { path, ...(id === undefined ? {} : { id }), component: () => lazyComponent(load, pick) };
}

/** Sign in, its second step, register, and the password and e-mail links. */
export const guestScreens: readonly GuestScreen[] = [
  guestScreen(
    paths.login,
    () => import('../screens/auth/login-screen'),
    (m) => m.LoginScreen,
    'auth.login',
  ),
  guestScreen(
    paths.twoFactor,
    () => import('../screens/auth/two-factor-screen'),
    (m) => m.TwoFactorScreen,
    'auth.2fa',
  ),
  guestScreen(
    paths.register,
    () => import('../screens/auth/register-screen'),
    (m) => m.RegisterScreen,
  ),
  guestScreen(
    paths.forgotPassword,
    () => import('../screens/auth/forgot-password-screen'),
    (m) => m.ForgotPasswordScreen,
  ),
  guestScreen(
    paths.resetPassword,
    () => import('../screens/auth/reset-password-screen'),
    (m) => m.ResetPasswordScreen,
  ),
  guestScreen(
    paths.verifyEmail,
    () => import('../screens/auth/verify-email-screen'),
    (m) => m.VerifyEmailScreen,
  ),
];
