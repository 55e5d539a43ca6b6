import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const SLOW = { timeout: 5000 };

/** Layer names as the list shows them, top of the drawing order first. */
function shownLayers(): string[] {
  const list = screen.getByRole('list', { name: 'Layers, top first' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
}

describe('layers', { timeout: 60_000 }, () => {
  it('lists the layers top first, reorders, hides and deletes them', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers', { as: 'admin' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await screen.findByRole('list', { name: 'Layers, top first' }, SLOW);
    expect(shownLayers()).toEqual(['Pipes', 'Valves', 'Hydrants', 'Pressure zones']);

    await user.click(screen.getByRole('button', { name: 'Move Valves up' }));
    await waitFor(
      () => expect(shownLayers()).toEqual(['Valves', 'Pipes', 'Hydrants', 'Pressure zones']),
      SLOW,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Hydrants visible' }));
    await waitFor(() => expect(mapsDb.layers.find((layer) => layer.id === 3)?.visible).toBe(false), SLOW);

    await user.click(screen.getByRole('button', { name: 'Delete Pressure zones' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }),
    );
    expect(await screen.findByText('Layer deleted successfully', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(shownLayers()).toEqual(['Valves', 'Pipes', 'Hydrants']), SLOW);
  });

  it('says when a map has no layers', async () => {
    await renderApp('/dashboard/maps/2/layers', { as: 'admin' });
    expect(await screen.findByText('This map has no layers yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('says when the layers cannot be loaded', async () => {
    server.use(
      http.get('*/api/maps/:id/layers', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    await renderApp('/dashboard/maps/1/layers', { as: 'admin' });
    expect((await screen.findAllByText(/This could not be loaded/, {}, SLOW)).length).toBeGreaterThan(0);
  });

  it('creates a vector layer with a schema; remote types ask for a source instead', async () => {
    const { user, router } = await renderApp('/dashboard/maps/2/layers/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name', {}, SLOW), 'Meters');
    expect(screen.getByRole('combobox', { name: 'Geometry type' })).toHaveValue('Point');
    expect(screen.queryByLabelText(/Source URL/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add property' }));
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    const [first, second] = screen.getAllByRole('group', { name: /^Property \d$/ });
    await fill(user, within(first!).getByLabelText('Property name'), 'serial');
    await fill(user, within(second!).getByLabelText('Property name'), 'kind');
    const type = within(second!).getByRole('combobox', { name: 'Type' });
    await user.clear(type);
    await fill(user, type, 'List');
    await user.click(await screen.findByRole('option', { name: 'List of values' }));
    await fill(user, within(second!).getByLabelText('Options'), 'domestic, industrial');
    // The swatch redraws as a colour is picked (here typed into the picker's hex field).
    await user.click(screen.getByRole('button', { name: /^Line colour: / }));
    const hex = await screen.findByRole('textbox', { name: 'Hex' });
    await user.clear(hex);
    await fill(user, hex, '#ff0000');
    await user.keyboard('{Enter}{Escape}');
    expect(
      within(screen.getByRole('img', { name: 'Style preview' })).getByText('', { selector: 'circle' }),
    ).toHaveAttribute('stroke', '#ff0000');

    await user.click(screen.getByRole('button', { name: 'Create layer' }));
    expect(await screen.findByText('Layer created successfully', {}, SLOW)).toBeInTheDocument();
    const created = mapsDb.layers.find((layer) => layer.name === 'Meters');
    expect(created?.properties.map((entry) => [entry.name, entry.type, entry.options])).toEqual([
      ['serial', 'string', null],
      ['kind', 'enum', ['domestic', 'industrial']],
    ]);
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/dashboard/maps/2/layers/${created?.id}/edit`),
      SLOW,
    );
  });

  it('asks remote layers for their source and shows the server message under it', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/create', { as: 'admin' });
    await fill(user, await screen.findByLabelText('Name', {}, SLOW), 'Aerial');
    const type = screen.getByRole('combobox', { name: 'Layer type' });
    await user.clear(type);
    await fill(user, type, 'WMS');
    await user.click(await screen.findByRole('option', { name: 'WMS' }));
    expect(screen.queryByRole('combobox', { name: 'Geometry type' })).not.toBeInTheDocument();
    await fill(user, screen.getByLabelText(/Source URL/), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Create layer' }));
    await waitFor(
      () =>
        expect(screen.getByLabelText(/Source URL/)).toHaveAccessibleDescription(
          /The url field format is invalid\./,
        ),
      SLOW,
    );
    expect(mapsDb.layers).toHaveLength(4);
  });

  it('renames a property and shows the per-entry error of a clash', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/3/edit', { as: 'admin' });
    const schema = await screen.findByRole('form', { name: 'Attribute schema' }, SLOW);
    const [first, second] = within(schema).getAllByRole('group', { name: /^Property \d$/ });
    const secondName = within(second!).getByLabelText(/Property name/);
    await user.clear(secondName);
    await fill(user, secondName, 'hydrant_id');
    await user.click(within(schema).getByRole('button', { name: 'Save schema' }));
    await waitFor(
      () => expect(secondName).toHaveAccessibleDescription(/already has a property named hydrant_id/),
      SLOW,
    );

    await user.clear(secondName);
    await fill(user, secondName, 'flow_rate');
    expect(secondName).toHaveAccessibleDescription(/Renamed from flow_lps/);
    const firstType = within(first!).getByRole('combobox', { name: 'Type' });
    expect(firstType).toHaveValue('Text');
    await user.click(within(schema).getByRole('button', { name: 'Save schema' }));
    expect(await screen.findByText('Schema saved', {}, SLOW)).toBeInTheDocument();
    expect(mapsDb.layers.find((layer) => layer.id === 3)?.properties.map((entry) => entry.name)).toEqual([
      'hydrant_id',
      'flow_rate',
    ]);
  });

  it('deletes a saved property after a confirm', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/2/edit', { as: 'admin' });
    const schema = await screen.findByRole('form', { name: 'Attribute schema' }, SLOW);
    const [, second] = within(schema).getAllByRole('group', { name: /^Property \d$/ });
    await user.click(within(second!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The property is_open and all its values will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Property is_open deleted', {}, SLOW)).toBeInTheDocument();
    expect(mapsDb.layers.find((layer) => layer.id === 2)?.properties.map((entry) => entry.name)).toEqual([
      'type',
    ]);
  });

  it('copies a layer to another map, after showing a missing target map under its field', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/3/edit', { as: 'admin' });
    const transfer = await screen.findByRole('form', { name: 'Move or copy to another map' }, SLOW);
    const target = within(transfer).getByRole('combobox', { name: 'Target map' });
    const before = mapsDb.layers.length;
    await user.click(within(transfer).getByRole('button', { name: 'Transfer layer' }));
    await waitFor(() => expect(target).toHaveAccessibleDescription(/target map id/i), SLOW);
    expect(mapsDb.layers).toHaveLength(before);

    await fill(user, target, 'Empty');
    await user.click(await screen.findByRole('option', { name: 'Empty map' }, SLOW));
    await user.click(within(transfer).getByRole('button', { name: 'Transfer layer' }));
    expect(await screen.findByText('Layer copied', {}, SLOW)).toBeInTheDocument();
    expect(mapsDb.layers).toHaveLength(before + 1);
    const emptyMap = mapsDb.maps.find((map) => map.title === 'Empty map');
    expect(mapsDb.layers.at(-1)?.map_id).toBe(emptyMap?.id);
  });
});
