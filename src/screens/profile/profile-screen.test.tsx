import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_ADMIN, MOCK_TOTP_CODE, MOCK_USER } from '@mocks/accounts';
import { findUserById } from '@mocks/db';
import { useAuthStore } from '../../stores/auth-store';
import { fill } from '../../testing/fill';
import { expectPopupThatCloses } from '../../testing/popup';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const region = (name: string) => screen.getByRole('region', { name });

describe('profile screen', () => {
  it('shows the breadcrumb and saves name changes through the own user', async () => {
    const { user } = await renderApp('/profile', { as: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Profile');

    const details = region('Account details');
    const name = within(details).getByLabelText('Name');
    expect(name).toHaveValue(MOCK_USER.name);
    await user.clear(name);
    await fill(user, name, 'Una Updated');
    await user.click(within(details).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(findUserById(MOCK_USER.id)?.name).toBe('Una Updated');
    await waitFor(() => expect(useAuthStore.getState().user?.name).toBe('Una Updated'));
  });

  it('asks for the current password before changing the email', async () => {
    const { user } = await renderApp('/profile', { as: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const details = region('Account details');
    expect(within(details).queryByLabelText('Current password')).not.toBeInTheDocument();
    const email = within(details).getByLabelText('Email');
    await user.clear(email);
    await fill(user, email, 'una.moved@example.com');
    const current = within(details).getByLabelText('Current password');
    await fill(user, current, 'not-my-password');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('The password is incorrect.'));
    expect(findUserById(MOCK_USER.id)?.email).toBe(MOCK_USER.email);

    await user.clear(current);
    await fill(user, current, MOCK_USER.password);
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(findUserById(MOCK_USER.id)?.email).toBe('una.moved@example.com');
  });

  it('shows a wrong current password under its field', async () => {
    const { user } = await renderApp('/profile', { as: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const form = region('Change password');
    await fill(user, within(form).getByLabelText('Current password'), 'not-my-password');
    await fill(user, within(form).getByLabelText('New password'), 'another long password');
    await fill(user, within(form).getByLabelText('Confirm password'), 'another long password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
        'The password is incorrect.',
      ),
    );
  });

  it('changes the password with the current one', async () => {
    const { user } = await renderApp('/profile', { as: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const form = region('Change password');
    await fill(user, within(form).getByLabelText('Current password'), MOCK_USER.password);
    await fill(user, within(form).getByLabelText('New password'), 'another long password');
    await fill(user, within(form).getByLabelText('Confirm password'), 'another long password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await expectPopupThatCloses('Password successfully changed.');
    expect(findUserById(MOCK_USER.id)?.password).toBe('another long password');
    expect(within(region('Change password')).getByLabelText('Current password')).toHaveValue('');
  });

  it('enables two-factor sign-in: QR code and secret, then the recovery codes once', async () => {
    const { user } = await renderApp('/profile', { as: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await user.click(
      within(region('Two-factor authentication')).getByRole('button', {
        name: 'Enable two-factor authentication',
      }),
    );

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await waitFor(() => expect(qr).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/)));
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const twoFactor = region('Two-factor authentication');
    await fill(user, within(twoFactor).getByLabelText('Authentication code'), '000000');
    await fill(user, within(twoFactor).getByLabelText('Current password'), MOCK_ADMIN.password);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm and enable' }));
    await waitFor(() =>
      expect(within(twoFactor).getByLabelText('Authentication code')).toHaveAccessibleDescription(
        'The provided two factor authentication code was invalid.',
      ),
    );

    await user.clear(within(twoFactor).getByLabelText('Authentication code'));
    await fill(user, within(twoFactor).getByLabelText('Authentication code'), MOCK_TOTP_CODE);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm and enable' }));

    const codes = await screen.findByRole('region', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(8);
    await waitFor(() => expect(useAuthStore.getState().user?.two_factor_enabled).toBe(true));
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('region', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable two-factor authentication' })).toBeInTheDocument();
  });

  it('disables two-factor sign-in with the password and a code', async () => {
    const { user } = await renderApp('/profile', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    const twoFactor = region('Two-factor authentication');
    await fill(user, await within(twoFactor).findByLabelText('Authentication code'), MOCK_TOTP_CODE);
    await fill(user, within(twoFactor).getByLabelText('Current password'), MOCK_ADMIN.password);
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm and enable' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved them' }));

    await fill(user, within(twoFactor).getByLabelText('Current password'), MOCK_ADMIN.password);
    await fill(user, within(twoFactor).getByLabelText('Authentication code'), MOCK_TOTP_CODE);
    await user.click(within(twoFactor).getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().user?.two_factor_enabled).toBe(false));
    expect(
      within(twoFactor).getByRole('button', { name: 'Enable two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('says so when two-factor setup cannot start', async () => {
    server.use(
      http.post('*/api/user/two-factor', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    const { user } = await renderApp('/profile', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
