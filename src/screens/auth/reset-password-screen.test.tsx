import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_RESET_TOKEN, MOCK_USER } from '@mocks/accounts';
import { fill } from '../../testing/fill';
import { renderApp } from '../../testing/render';
import { expectPopupThatCloses } from '../../testing/popup';

describe('reset password screen', () => {
  it('takes token and email from the mailed link, changes the password and shows login', async () => {
    const email = encodeURIComponent(MOCK_USER.email);
    const { user, router } = await renderApp(`/reset-password?token=${MOCK_RESET_TOKEN}&email=${email}`);
    expect(await screen.findByLabelText('Email')).toHaveValue(MOCK_USER.email);
    await fill(user, screen.getByLabelText('New password'), 'a brand new password');
    await fill(user, screen.getByLabelText('Confirm password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await expectPopupThatCloses('Password successfully changed.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server message for a bad token', async () => {
    const { user, router } = await renderApp(
      `/reset-password?token=stale-token-0123456789abcdef&email=${MOCK_USER.email}`,
    );
    await fill(user, await screen.findByLabelText('New password'), 'a brand new password');
    await fill(user, screen.getByLabelText('Confirm password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'This password reset token is invalid.',
      ),
    );
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('explains a link without a token and does not submit', async () => {
    await renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  });
});
