import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill } from '../../testing/fill';
import { renderApp } from '../../testing/render';
import { expectPopupThatCloses } from '../../testing/popup';
import { server } from '../../testing/server';

const SENT = 'We have emailed your password reset link! Please check your mail inbox.';

describe('forgot password screen', () => {
  it('says the link was mailed', async () => {
    const { user } = await renderApp('/forgot-password');
    await fill(user, await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await expectPopupThatCloses(SENT);
    expect(screen.getByRole('status')).toHaveTextContent(SENT);
  });

  it('shows a validation message from the server under the email', async () => {
    server.use(
      http.post('*/api/forget-password', () =>
        HttpResponse.json(
          { message: 'Invalid.', errors: { email: ['The email field must be a valid email address.'] } },
          { status: 422 },
        ),
      ),
    );
    const { user } = await renderApp('/forgot-password');
    await fill(user, await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'The email field must be a valid email address.',
      ),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
