import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const SLOW = { timeout: 5000 };

const shownLayers = () =>
  within(screen.getByRole('list', { name: 'Layers, top first' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');

const storedOrder = () =>
  mapsDb.layers
    .filter((layer) => layer.map_id === 1)
    .sort((a, b) => b.order - a.order)
    .map((layer) => layer.name);

describe('reordering layers', { timeout: 60_000 }, () => {
  it('keeps the old order when the second update of a move fails', async () => {
    const orderUpdates: number[] = [];
    server.use(
      http.put('*/api/maps/:id/layers/:layerId', async ({ request }) => {
        const body = (await request.clone().json()) as { order?: number };
        if (body.order === undefined) return undefined;
        orderUpdates.push(body.order);
        // The second of the swap's two updates fails; the rest reach the mock server.
        return orderUpdates.length === 2
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : undefined;
      }),
    );
    const { user } = await renderApp('/dashboard/maps/1/layers', { as: 'admin' });
    await screen.findByRole('list', { name: 'Layers, top first' }, { timeout: 15_000 });
    const before = shownLayers();
    expect(before).toEqual(['Pipes', 'Valves', 'Hydrants', 'Pressure zones']);

    await user.click(screen.getByRole('button', { name: 'Move Valves up' }));
    expect(
      await screen.findByText('The new order could not be saved; the old order was kept.', {}, SLOW),
    ).toBeInTheDocument();
    // Valves moved, Pipes failed, Valves was put back.
    await waitFor(() => expect(orderUpdates).toHaveLength(3), SLOW);
    expect(storedOrder()).toEqual(before);
    await waitFor(() => expect(shownLayers()).toEqual(before), SLOW);
  });
});
