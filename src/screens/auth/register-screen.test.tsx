import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_ADMIN } from '@mocks/accounts';
import { fill } from '../../testing/fill';
import { renderApp } from '../../testing/render';
import { expectPopupThatCloses } from '../../testing/popup';
import { server } from '../../testing/server';

async function fillRegistration(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  values: { name: string; email: string; password: string; confirmation: string },
) {
  await fill(user, await screen.findByLabelText('Name'), values.name);
  await fill(user, screen.getByLabelText('Email'), values.email);
  await fill(user, screen.getByLabelText('Password'), values.password);
  await fill(user, screen.getByLabelText('Confirm password'), values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('registration screen', () => {
  it('creates the account, says so and shows the login screen', async () => {
    const { user, router } = await renderApp('/register');
    await fillRegistration(user, {
      name: 'New Person',
      email: 'new.person@example.com',
      password: 'long enough password',
      confirmation: 'long enough password',
    });
    await expectPopupThatCloses(
      'Account created. We have mailed you a link: follow it to confirm your address, then sign in.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server messages per field and stays', async () => {
    const { user, router } = await renderApp('/register');
    await fillRegistration(user, {
      name: 'Copy Cat',
      email: MOCK_ADMIN.email,
      password: 'long enough password',
      confirmation: 'long enough password',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email has already been taken.'),
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it('says so in words when registration is closed on the server', async () => {
    server.use(
      http.post('*/register', () =>
        HttpResponse.json(
          { message: 'Registration is closed. Ask an administrator for an account.' },
          { status: 403 },
        ),
      ),
    );
    const { user, router } = await renderApp('/register');
    await fillRegistration(user, {
      name: 'New Person',
      email: 'new.person@example.com',
      password: 'long enough password',
      confirmation: 'long enough password',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration is closed. Ask an administrator for an account.',
    );
    expect(router.state.location.pathname).toBe('/register');
  });
});
