import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';
import { expectPopupThatCloses } from '../../testing/popup';
import { server } from '../../testing/server';

const LINK = '/verify-email?token=9b1f0c3e7d2a4c6e8f0a1b2c3d4e5f60&email=newcomer%40example.com';

describe('address confirmation screen', () => {
  it('confirms the address of the mailed link with one click and shows the login screen', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/verify-email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Your email address is confirmed. You can sign in now.' });
      }),
    );
    const { user, router } = await renderApp(LINK);
    expect(
      await screen.findByText('Confirm newcomer@example.com as the address of your account.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm my address' }));
    await expectPopupThatCloses('Your email address is confirmed. You can sign in now.');
    expect(sent).toEqual([{ email: 'newcomer@example.com', token: '9b1f0c3e7d2a4c6e8f0a1b2c3d4e5f60' }]);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server’s message for a link that no longer works and stays', async () => {
    server.use(
      http.post('*/api/verify-email', () =>
        HttpResponse.json(
          {
            message: 'This confirmation link is invalid or has expired.',
            errors: { token: ['This confirmation link is invalid or has expired.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user, router } = await renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This confirmation link is invalid or has expired.',
      ),
    );
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('says so when the link lost its token', async () => {
    await renderApp('/verify-email?email=newcomer%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is incomplete. Open the link from the mail again.',
    );
    expect(screen.getByRole('button', { name: 'Confirm my address' })).toBeDisabled();
  });
});
