import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { useMapErrorsStore } from '@/stores/map-errors-store';

const SLOW = { timeout: 5000 };

describe('map create, general and the dashboard frame', { timeout: 30_000 }, () => {
  it('creates a map and opens its layers', async () => {
    const { user, router } = await renderApp('/maps/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Title', {}, SLOW), 'Riverside');
    await fill(user, screen.getByLabelText('Description'), 'North bank network');
    await user.clear(screen.getByLabelText('Centre longitude'));
    await fill(user, screen.getByLabelText('Centre longitude'), '-8.61');
    await user.clear(screen.getByLabelText('Centre latitude'));
    await fill(user, screen.getByLabelText('Centre latitude'), '41.15');
    await user.click(screen.getByRole('button', { name: 'Create map' }));

    expect(await screen.findByText('Map created successfully', {}, SLOW)).toBeInTheDocument();
    const created = mapsDb.maps.find((map) => map.title === 'Riverside');
    expect(created).toMatchObject({
      description: 'North bank network',
      center: [-8.61, 41.15],
      basemap: 'offline',
    });
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/dashboard/maps/${created?.id}/layers`),
      SLOW,
    );
    expect(await screen.findByText('This map has no layers yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the server messages under the fields and in the shared errors state', async () => {
    const { user } = await renderApp('/maps/create', { as: 'admin' });
    const zoom = await screen.findByLabelText('Zoom');
    await user.clear(zoom);
    await fill(user, zoom, '30');
    await user.click(screen.getByRole('button', { name: 'Create map' }));
    await waitFor(
      () => expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(/title field/),
      SLOW,
    );
    expect(zoom).toHaveAccessibleDescription(/zoom field/);
    expect(useMapErrorsStore.getState().errors).toHaveProperty('title');
    expect(mapsDb.maps).toHaveLength(2);
  });

  it('edits the map from general, with a side navigation of its parts', async () => {
    const { user } = await renderApp('/dashboard/maps/1', { as: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Map sections' }, SLOW);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'General',
      'Layers',
      'Searches',
      'Main search',
      'Filters',
      'Categories',
      'Water network',
      'Access',
    ]);
    const title = await screen.findByLabelText('Title', {}, SLOW);
    expect(title).toHaveValue('Demo town');
    await user.clear(title);
    await fill(user, title, 'Demo town (north)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Map updated successfully', {}, SLOW)).toBeInTheDocument();
    expect(mapsDb.maps[0]?.title).toBe('Demo town (north)');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo town (north)' }, SLOW),
    ).toBeInTheDocument();
  });

  it('says what the water network screen is for', async () => {
    await renderApp('/dashboard/maps/1/water-network', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Water network' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/which layers form its water network/)).toBeInTheDocument();
  });

  it('says when the map does not exist', async () => {
    server.use(
      http.get('*/api/maps/:id', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
    );
    await renderApp('/dashboard/maps/99/general', { as: 'admin' });
    expect((await screen.findAllByRole('alert', {}, SLOW))[0]).toHaveTextContent(
      'This map does not exist or was deleted.',
    );
  });

  it('sends a signed-in non-admin home from the admin routes', async () => {
    const { router } = await renderApp('/dashboard/maps/1/layers', { as: 'user' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), SLOW);
    const recent = await screen.findByRole('region', { name: 'Recent maps' }, SLOW);
    expect(await within(recent).findByRole('link', { name: 'Demo town' }, SLOW)).toHaveAttribute(
      'href',
      '/maps/1/show',
    );
  });
});
