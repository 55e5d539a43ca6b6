import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

function shownTitles(): string[] {
  const table = screen.getByRole('grid', { name: 'Maps' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent ?? '');
}

// A busy machine answers slowly; the waits are generous, nothing here measures time.
const SLOW = { timeout: 5000 };

describe('maps list', { timeout: 30_000 }, () => {
  it('shows loading, then the maps most recently changed first', async () => {
    await renderApp('/dashboard/maps', { as: 'admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await screen.findByRole('grid', { name: 'Maps' });
    expect(shownTitles()).toEqual(['Demo town', 'Empty map']);
    expect(screen.getByRole('link', { name: 'Create map' })).toHaveAttribute('href', '/maps/create');
    expect(screen.getByRole('link', { name: 'Manage Demo town' })).toHaveAttribute(
      'href',
      '/dashboard/maps/1',
    );
  });

  it('sorts by a column when its header is pressed', async () => {
    const { user } = await renderApp('/dashboard/maps', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Maps' });
    await user.click(screen.getByRole('columnheader', { name: /Layers/ }));
    await waitFor(() => expect(shownTitles()).toEqual(['Empty map', 'Demo town']), SLOW);
  });

  it('searches title and description', async () => {
    const { user } = await renderApp('/dashboard/maps', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Maps' });
    await user.click(screen.getByRole('searchbox', { name: 'Search title or description' }));
    await user.paste('water');
    await waitFor(() => expect(shownTitles()).toEqual(['Demo town']), SLOW);
    await user.paste('-nothing-like-it');
    expect(await screen.findByText('No maps found.', {}, SLOW)).toBeInTheDocument();
  });

  it('pages when there are more maps than fit', async () => {
    const { user, queryClient } = await renderApp('/dashboard/maps', { as: 'user' });
    await screen.findByRole('grid', { name: 'Maps' });
    // Added after sign-in, which reseeds the town; the refetch brings them in.
    const template = mapsDb.maps[1]!;
    for (let id = 3; id <= 20; id += 1) {
      mapsDb.maps.push({ ...template, id, title: `Extra map ${id}`, updated_at: '2020-01-01T00:00:00Z' });
    }
    await queryClient.invalidateQueries();
    const pages = await screen.findByRole('navigation', { name: 'Pagination' }, SLOW);
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(shownTitles()).toHaveLength(5), SLOW);
    // Users see the maps but not the admin's controls.
    expect(screen.queryByRole('link', { name: 'Create map' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('deletes a map after the confirm and drops it from the list at once', async () => {
    const { user } = await renderApp('/dashboard/maps', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Maps' });
    await user.click(screen.getByRole('button', { name: 'Delete Empty map' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("You won't be able to revert this action!");
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Map deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(shownTitles()).toEqual(['Demo town']), SLOW);
    expect(mapsDb.maps.map((map) => map.id)).toEqual([1]);
  });

  it('says when the list could not be loaded', async () => {
    server.use(http.get('*/api/maps', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    await renderApp('/dashboard/maps', { as: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded.');
  });

  it('says so when deleting fails, and keeps the map', async () => {
    server.use(
      http.delete('*/api/maps/:id', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    const { user } = await renderApp('/dashboard/maps', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Maps' });
    await user.click(screen.getByRole('button', { name: 'Delete Empty map' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(shownTitles()).toEqual(['Demo town', 'Empty map']);
  });
});
