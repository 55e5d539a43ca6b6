import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_ADMIN, MOCK_USER } from '@mocks/accounts';
import { findUserById } from '@mocks/db';
import { fill } from '../../testing/fill';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

describe('user edit and create', () => {
  it('loads the user, saves changes and returns to the list', async () => {
    const { user, router } = await renderApp(`/users/edit/${MOCK_USER.id}`, { as: 'admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue(MOCK_USER.name);
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('User Edit');

    await user.clear(name);
    await fill(user, name, 'Una Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(findUserById(MOCK_USER.id)?.name).toBe('Una Renamed');
  });

  it('shows the server message under the field', async () => {
    const { user, router } = await renderApp(`/users/edit/${MOCK_USER.id}`, { as: 'admin' });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await fill(user, email, MOCK_ADMIN.email);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('The email has already been taken.'));
    expect(router.state.location.pathname).toBe(`/users/edit/${MOCK_USER.id}`);
  });

  it('says when the user cannot be loaded', async () => {
    server.use(
      http.get('*/api/users/:id', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
    );
    await renderApp('/users/edit/999', { as: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded.');
  });

  it('creates a user and returns to the list', async () => {
    const { user, router } = await renderApp('/users/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name'), 'Carla Created');
    await fill(user, screen.getByLabelText('Email'), 'carla@example.com');
    await fill(user, screen.getByLabelText('Password'), 'long enough password');
    await fill(user, screen.getByLabelText('Confirm password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('shows per-field errors when creating fails validation', async () => {
    const { user } = await renderApp('/users/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name'), 'Carla Created');
    await fill(user, screen.getByLabelText('Email'), 'carla@example.com');
    await fill(user, screen.getByLabelText('Password'), 'long enough password');
    await fill(user, screen.getByLabelText('Confirm password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'The password field confirmation does not match.',
      ),
    );
  });
});
