import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render';

describe('route guards', () => {
  it('sends a guest from a signed-in route to the login screen', async () => {
    const { router } = await renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a guest from an admin route to the login screen', async () => {
    const { router } = await renderApp('/users');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in non-admin from an admin route home', async () => {
    const { router } = await renderApp('/dashboard/maps/4/layers', { as: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Una User' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an admin into user administration', async () => {
    await renderApp('/users', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from guest-only screens', async () => {
    const { router } = await renderApp('/register', { as: 'user' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Una User' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows map placeholders with their titles to signed-in users', async () => {
    await renderApp('/maps/7/show3d', { as: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: '3D map viewer' })).toBeInTheDocument();
    expect(screen.getByText('This screen is coming soon.')).toBeInTheDocument();
  });

  it('opens a map administration section for an admin', async () => {
    await renderApp('/dashboard/maps/7/filters/create', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create filter' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Map sections' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the profile breadcrumb', async () => {
    await renderApp('/profile', { as: 'user' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(crumbs).toHaveTextContent('Profile');
  });
});
