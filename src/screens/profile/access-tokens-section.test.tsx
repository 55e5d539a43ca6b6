import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill } from '../../testing/fill';
import { renderApp } from '../../testing/render';

const region = (name: string) => screen.getByRole('region', { name });

describe('personal access tokens in the profile', () => {
  it('creates a token, shows it once with a copy button, lists it and revokes it', async () => {
    const { user } = await renderApp('/profile', { as: 'user' });
    // The profile route is loaded lazily; on a busy machine that takes more than a second.
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 15_000 });
    const section = region('Personal access tokens');
    expect(await within(section).findByText('You have no tokens yet.')).toBeInTheDocument();

    const form = within(section).getByRole('form', { name: 'New personal access token' });
    await fill(user, within(form).getByLabelText(/^Name/), 'QGIS on my laptop');
    await user.click(within(form).getByRole('checkbox', { name: 'Also allow changes (write)' }));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await within(section).findByRole('region', { name: 'Your new token' });
    const secret = within(shown).getByTestId('new-access-token').textContent ?? '';
    expect(secret).toMatch(/^atb_pat_[A-Za-z0-9_-]{43}$/);
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Token copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(secret);

    const row = (await within(section).findByRole('cell', { name: 'QGIS on my laptop' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Read and write')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Never')).toBeInTheDocument();
    // The form is ready for another token.
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('');

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(within(section).queryByRole('region', { name: 'Your new token' })).not.toBeInTheDocument();
    expect(section).not.toHaveTextContent(secret);

    await user.click(within(section).getByRole('button', { name: 'Revoke QGIS on my laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    expect(dialog).toHaveTextContent('Anything using “QGIS on my laptop” stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token “QGIS on my laptop” revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText('You have no tokens yet.')).toBeInTheDocument());
  }, 30_000);

  it('shows a read-only token with its expiry day, and an expiry in the past under its field', async () => {
    const { user } = await renderApp('/profile', { as: 'user' });
    // The profile route is loaded lazily; on a busy machine that takes more than a second.
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 15_000 });
    const section = region('Personal access tokens');
    const form = within(section).getByRole('form', { name: 'New personal access token' });
    const expires = within(form).getByLabelText(/^Expires/);

    await fill(user, within(form).getByLabelText(/^Name/), 'Old script');
    await fill(user, expires, '2001-01-01');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Expires/)).toHaveAccessibleDescription(
        /The expires_at field must be a date after now\./,
      ),
    );

    await user.clear(expires);
    await fill(user, expires, '2099-06-30');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    const row = (await within(section).findByRole('cell', { name: 'Old script' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Read only')).toBeInTheDocument();
    expect(
      within(row).getByText(new Date('2099-06-30T23:59:59Z').toLocaleDateString('en')),
    ).toBeInTheDocument();
    expect(within(row).getByText('Not used yet')).toBeInTheDocument();
  }, 30_000);
});
