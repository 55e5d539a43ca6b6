import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const SLOW = { timeout: 5000 };

describe('layer relations', { timeout: 60_000 }, () => {
  it('saving the form keeps the manual links a relation already has', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/relations'))
        void request
          .clone()
          .json()
          .then((body: unknown) => bodies.push(body));
    });
    const { user } = await renderApp('/dashboard/maps/1/layers/1/edit', { as: 'admin' });
    // After sign-in reseeded the mock tables, before the screen asks for the relations.
    mapsDb.relations = [
      { id: 7, parent_layer_id: 1, child_layer_id: 2, rule: 'manual', tolerance_m: null, links_count: 2 },
    ];
    const panel = await screen.findByRole('region', { name: 'Relations' }, { timeout: 15_000 });
    expect(within(panel).getByText('Links: 2')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Add child layer' }));
    const added = within(panel).getByRole('group', { name: 'Child layer 2' });
    const child = within(added).getByRole('combobox', { name: 'Child layer' });
    await fill(user, child, 'Hydr');
    await user.click(await screen.findByRole('option', { name: 'Hydrants' }));
    await user.click(within(panel).getByRole('button', { name: 'Save relations' }));

    expect(await screen.findByText('Relations saved', {}, SLOW)).toBeInTheDocument();
    // The manual child goes back without `links`, which tells the server to keep them.
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      children: [
        { child_layer_id: 2, rule: 'manual' },
        { child_layer_id: 3, rule: 'spatial', tolerance_m: 1 },
      ],
    });
    expect(within(panel).getByText('Links: 2')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('shows a refused child layer under its field and keeps the rows as edited', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/1/edit', { as: 'admin' });
    const panel = await screen.findByRole('region', { name: 'Relations' }, { timeout: 15_000 });
    expect(within(panel).getByText('This layer has no child layers.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add child layer' }));
    await user.click(within(panel).getByRole('button', { name: 'Save relations' }));

    const added = within(panel).getByRole('group', { name: 'Child layer 1' });
    await waitFor(
      () =>
        expect(within(added).getByRole('combobox', { name: 'Child layer' })).toHaveAccessibleDescription(
          /child layer id/i,
        ),
      SLOW,
    );
    expect(within(added).getByRole('textbox', { name: 'Tolerance (m)' })).toHaveValue('1');
    expect(mapsDb.relations).toEqual([]);
  });
});
