import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getCheckWaterNetworkMockHandler,
  getGetWaterNetworkMockHandler,
} from '@generated/api/water-network/water-network.msw';
import type { WaterNetworkConfig } from '@generated/model';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings';

const SLOW = { timeout: 10_000 };
const UNSET: WaterNetworkConfig = {
  pipe_layer_id: null,
  valve_layer_ids: [],
  node_layer_ids: [],
  tolerance_m: 1,
  hydraulics: DEFAULT_HYDRAULICS,
};

/** The mock town's layers: 1 Pipes (lines), 2 Valves and 3 Hydrants (points), 4 Pressure zones. */
function storedNetwork(initial: WaterNetworkConfig) {
  const state = { config: initial, saved: [] as unknown[] };
  server.use(
    getGetWaterNetworkMockHandler(() => ({ data: state.config })),
    http.put('*/api/maps/:id/water-network', async ({ request }) => {
      const body = (await request.json()) as WaterNetworkConfig;
      state.saved.push(body);
      if (!body.pipe_layer_id || body.tolerance_m <= 0)
        return HttpResponse.json(
          { message: 'Invalid.', errors: { tolerance_m: ['The tolerance must be greater than 0.'] } },
          { status: 422 },
        );
      // The screen sends the hydraulic settings it edits; the others keep their stored value.
      state.config = { ...body, hydraulics: { ...state.config.hydraulics, ...body.hydraulics } };
      return HttpResponse.json({ data: state.config });
    }),
  );
  return state;
}

describe('water network administration', { timeout: 60_000 }, () => {
  it('configures the network from the map layers and shows a refused tolerance under its field', async () => {
    const state = storedNetwork(UNSET);
    const { user } = await renderApp('/dashboard/maps/1/water-network', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Network layers' }, SLOW);
    expect(within(form).getByRole('button', { name: 'Save network' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Run the check' })).toBeDisabled();

    const pipeLayer = within(form).getByRole('combobox', { name: 'Pipe layer' });
    await fill(user, pipeLayer, 'Pip');
    // Only line layers can be the pipes.
    expect((await screen.findAllByRole('option', {}, SLOW)).map((option) => option.textContent)).toEqual([
      'Pipes',
    ]);
    await user.click(screen.getByRole('option', { name: 'Pipes' }));
    const valves = within(form).getByRole('group', { name: 'Valve layers' });
    const nodes = within(form).getByRole('group', { name: 'Other nodes (hydrants, meters)' });
    await user.click(within(valves).getByRole('checkbox', { name: 'Valves' }));
    await user.click(within(nodes).getByRole('checkbox', { name: 'Hydrants' }));
    // A layer plays one role: ticking valves as other nodes unticks them as valves.
    await user.click(within(nodes).getByRole('checkbox', { name: 'Valves' }));
    expect(within(valves).getByRole('checkbox', { name: 'Valves' })).not.toBeChecked();
    await user.click(within(valves).getByRole('checkbox', { name: 'Valves' }));
    expect(within(nodes).getByRole('checkbox', { name: 'Valves' })).not.toBeChecked();

    const tolerance = within(form).getByLabelText('Snapping tolerance (m)');
    await user.clear(tolerance);
    await fill(user, tolerance, '0');
    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    await waitFor(
      () => expect(tolerance).toHaveAccessibleDescription(/The tolerance must be greater than 0\./),
      SLOW,
    );

    await user.clear(tolerance);
    await fill(user, tolerance, '0,5');
    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    expect(await screen.findByText('Network saved', {}, SLOW)).toBeInTheDocument();
    expect(state.saved.at(-1)).toEqual({
      pipe_layer_id: 1,
      valve_layer_ids: [2],
      node_layer_ids: [3],
      tolerance_m: 0.5,
      // Untouched hydraulic settings go back as they were stored.
      hydraulics: expect.objectContaining({
        roughness: DEFAULT_HYDRAULICS.roughness,
        low_pressure_m: DEFAULT_HYDRAULICS.low_pressure_m,
      }),
    });
    expect(screen.getByRole('button', { name: 'Run the check' })).toBeEnabled();
  });

  it('lists what the check found and shows a problem on the map', async () => {
    storedNetwork({
      pipe_layer_id: 1,
      valve_layer_ids: [2],
      node_layer_ids: [3],
      tolerance_m: 1,
      hydraulics: DEFAULT_HYDRAULICS,
    });
    server.use(
      getCheckWaterNetworkMockHandler({
        data: {
          components: [
            { id: 1, pipe_ids: [1, 2, 3] },
            { id: 2, pipe_ids: [5] },
          ],
          pipes_count: 4,
          nodes_count: 3,
          unconnected_node_ids: [148],
          dangling: [
            {
              pipe_id: 3,
              near_pipe_id: 4,
              distance_m: 1.04,
              point: { type: 'Point', coordinates: [-9.14, 38.72] },
            },
          ],
          near_distance_m: 5,
        },
      }),
    );
    const { user, router } = await renderApp('/dashboard/maps/1/water-network', { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Run the check' }, SLOW));
    const result = await screen.findByRole('region', { name: 'Check result' }, SLOW);
    expect(result).toHaveTextContent('4 pipes, 3 valves and nodes, 2 connected parts.');
    const dangling = within(result).getByRole('region', { name: 'Pipe ends that miss another pipe' });
    // Named once the pipe is read from its layer.
    expect(
      await within(dangling).findByText('Oak Street 3 (#3) ends 1.0 m from pipe #4', {}, SLOW),
    ).toBeVisible();
    const offNetwork = within(result).getByRole('region', { name: 'Valves and nodes off the network' });
    expect(offNetwork).toHaveTextContent('#148');
    expect(within(result).getByRole('region', { name: 'Parts cut off from the network' })).toHaveTextContent(
      'Part 2: 1 pipes',
    );

    await user.click(within(dangling).getByRole('button', { name: 'Show on map' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/1/show'), SLOW);
    expect(router.state.location.state).toMatchObject({ focus: { layerId: 1, featureId: 3 } });
  });
});
