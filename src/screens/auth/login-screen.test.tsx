import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getLoginMockHandler } from '@generated/api/auth/auth.msw';
import { MOCK_ADMIN, MOCK_TWO_FACTOR_USER } from '@mocks/accounts';
import { useAuthStore } from '../../stores/auth-store';
import { fill } from '../../testing/fill';
import { renderApp } from '../../testing/render';
import { expectPopupThatCloses } from '../../testing/popup';
import { server } from '../../testing/server';

async function fillLogin(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  email: string,
  password: string,
) {
  await fill(user, await screen.findByLabelText('Email'), email);
  await fill(user, screen.getByLabelText('Password'), password);
}

describe('login screen', () => {
  it('signs in, says so, loads the user and goes home', async () => {
    const { user, router } = await renderApp('/login');
    await fillLogin(user, MOCK_ADMIN.email, MOCK_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await expectPopupThatCloses('Login successfully');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome, ${MOCK_ADMIN.name}` }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user: { email: MOCK_ADMIN.email } });
    // Abilities arrived too: the admin sees the Users link.
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('shows the server messages under the fields on a 422', async () => {
    const { user } = await renderApp('/login');
    await fillLogin(user, MOCK_ADMIN.email, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('These credentials do not match our records.'),
    );
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('keeps the server message while the field is edited, until the next submit', async () => {
    const { user } = await renderApp('/login');
    await fillLogin(user, MOCK_ADMIN.email, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('These credentials do not match our records.'),
    );

    // Editing and leaving the field must not move the form under the pointer.
    await user.type(email, 'x');
    await user.click(screen.getByLabelText('Password'));
    expect(email).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears old errors when a new submit starts and ignores a second submit meanwhile', async () => {
    const { user } = await renderApp('/login');
    await fillLogin(user, MOCK_ADMIN.email, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('These credentials do not match our records.');

    let calls = 0;
    let release: () => void = () => undefined;
    server.use(
      http.post('*/login', async () => {
        calls += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ message: 'Too many attempts.' }, { status: 429 });
      }),
    );
    const submit = screen.getByRole('button', { name: 'Log in' });
    await user.click(submit);
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByText('These credentials do not match our records.')).not.toBeInTheDocument();
    await user.click(submit);
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(calls).toBe(1);
  });

  it('asks to try again when the server cannot reach its database (503)', async () => {
    server.use(
      http.post('*/login', () =>
        HttpResponse.json(
          { message: 'The database cannot be reached right now.' },
          { status: 503, headers: { 'Retry-After': '10' } },
        ),
      ),
    );
    const { user } = await renderApp('/login');
    await fillLogin(user, MOCK_ADMIN.email, MOCK_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server is unavailable for a moment. Please try again shortly.',
    );
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('marks the fields the server faults as invalid and reads out their messages, by keyboard alone', async () => {
    let sent: unknown;
    server.use(
      http.post('*/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            message: 'Invalid.',
            errors: { email: ['The email field is required.'], password: ['The password is too short.'] },
          },
          { status: 422 },
        );
      }),
    );
    const { user } = await renderApp('/login');
    await user.click(await screen.findByLabelText('Email'));
    await user.keyboard('x@example.com');
    await user.tab();
    await user.keyboard('short');
    await user.tab();
    await user.tab();
    // Space ticks the box, Enter in a field sends the form.
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await user.click(screen.getByLabelText('Password'));
    await user.keyboard('{Enter}');

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email).toHaveAccessibleDescription('The email field is required.'));
    expect(sent).toMatchObject({ email: 'x@example.com', password: 'short', remember: true });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(password).toHaveAccessibleDescription('The password is too short.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // The optional code field has no message and is not marked.
    const code = screen.getByLabelText('Authentication code (if enabled)');
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(code).not.toHaveAttribute('aria-required');
    expect(code).toHaveAccessibleDescription('');
  });

  it('flags a malformed email while typing', async () => {
    const { user } = await renderApp('/login');
    await fill(user, await screen.findByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    await fill(user, screen.getByLabelText('Email'), '@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription('Invalid email address');
  });

  it('goes to the second step with the email in base64 and completes it with a code', async () => {
    const { user, router } = await renderApp('/login');
    await fillLogin(user, MOCK_TWO_FACTOR_USER.email, MOCK_TWO_FACTOR_USER.password);
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/2fa');
    const params = new URLSearchParams(search);
    expect(atob(params.get('email') ?? '')).toBe(MOCK_TWO_FACTOR_USER.email);
    expect(params.get('remember')).toBe('1');
    // The password stays in memory: not in the URL, not in storage, not asked again.
    expect(search).not.toContain(MOCK_TWO_FACTOR_USER.password);
    expect(JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })).not.toContain(
      MOCK_TWO_FACTOR_USER.password,
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText(/^Authentication code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The provided two factor authentication code was invalid.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Authentication code/));
    await fill(user, screen.getByLabelText(/^Authentication code/), MOCK_TWO_FACTOR_USER.totpCode ?? '');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectPopupThatCloses('Login successfully');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome, ${MOCK_TWO_FACTOR_USER.name}` }),
    ).toBeInTheDocument();
  });

  it('asks for the password on the second step after a reload', async () => {
    const email = btoa(MOCK_TWO_FACTOR_USER.email);
    const { user } = await renderApp(`/2fa?email=${email}&remember=0`);
    await fill(user, await screen.findByLabelText('Password'), MOCK_TWO_FACTOR_USER.password);
    await fill(user, screen.getByLabelText(/^Authentication code/), MOCK_TWO_FACTOR_USER.totpCode ?? '');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectPopupThatCloses('Login successfully');
  });

  it('refuses a second-step link whose email is not base64', async () => {
    await renderApp('/2fa?email=%%%&remember=0');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is not valid.');
  });

  it('sends next_step other than home to the second step', async () => {
    server.use(getLoginMockHandler({ next_step: '2fa' }));
    const { user, router } = await renderApp('/login');
    await fillLogin(user, MOCK_ADMIN.email, MOCK_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    expect(router.state.location.pathname).toBe('/2fa');
  });

  it('logs out: clears the user and shows the login screen', async () => {
    const { user, router } = await renderApp('/', { as: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('logs out locally even when the server call fails', async () => {
    server.use(http.post('*/logout', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    const { user } = await renderApp('/', { as: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('tells a registration whose address is not confirmed to follow the mailed link', async () => {
    server.use(
      http.post('*/login', () =>
        HttpResponse.json(
          { message: 'Confirm your email address first: follow the link we mailed you when you registered.' },
          { status: 403 },
        ),
      ),
    );
    const { user, router } = await renderApp('/login');
    await fillLogin(user, 'newcomer@example.com', 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Confirm your email address first: follow the link we mailed you when you registered.',
    );
    expect(router.state.location.pathname).toBe('/login');
  });
});
