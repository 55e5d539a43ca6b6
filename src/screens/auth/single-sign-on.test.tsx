import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOCK_USER } from '@mocks/accounts';
import { MOCK_SSO_LABEL } from '@mocks/auth-handlers';
import { useAuthStore } from '../../stores/auth-store';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/** The sign-in screen is a lazy chunk: on a busy machine it may take a moment to appear. */
const SCREEN_LOAD = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('single sign-on on the sign-in screen', { timeout: 30_000 }, () => {
  it('shows "Sign in with <label>" beside the password form, leading to the server', async () => {
    await renderApp('/login');
    const button = await screen.findByRole('link', { name: `Sign in with ${MOCK_SSO_LABEL}` }, SCREEN_LOAD);
    expect(button).toHaveAttribute('href', '/auth/oidc/login');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('hides the password form when only the provider signs in', async () => {
    server.use(
      http.get('*/api/auth/providers', () =>
        HttpResponse.json({
          providers: [{ id: 'oidc', label: 'Corp ID', login_url: '/auth/oidc/login' }],
          password_login: false,
        }),
      ),
    );
    await renderApp('/login');
    expect(
      await screen.findByRole('link', { name: 'Sign in with Corp ID' }, SCREEN_LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('says why the last provider sign-in failed', async () => {
    await renderApp('/login?sso_error=email_unverified');
    expect(await screen.findByRole('alert', {}, SCREEN_LOAD)).toHaveTextContent(
      'An account with this email address exists, but the identity provider has not verified the address',
    );
  });

  it('reads an unknown reason as a general failure', async () => {
    await renderApp('/login?sso_error=something_new');
    expect(await screen.findByRole('alert', {}, SCREEN_LOAD)).toHaveTextContent(
      'Single sign-on failed. Please try again.',
    );
  });

  it('in mock mode, the button signs the mock user in without a server', async () => {
    vi.stubEnv('VITE_MOCK', '1');
    const { user, router } = await renderApp('/login');
    await user.click(
      await screen.findByRole('link', { name: `Sign in with ${MOCK_SSO_LABEL}` }, SCREEN_LOAD),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome, ${MOCK_USER.name}` }, SCREEN_LOAD),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user: { email: MOCK_USER.email } });
  });
});
