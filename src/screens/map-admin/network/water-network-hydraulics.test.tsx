import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetWaterNetworkMockHandler } from '@generated/api/water-network/water-network.msw';
import type { WaterNetworkConfig, WaterNetworkConfigInput } from '@generated/model';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings';
import { PROPERTY_NAMES } from './hydraulic-property-fields';

const SLOW = { timeout: 10_000 };

/** Pipes (1), Valves (2) as valves and Hydrants (3) as other nodes, with the default hydraulics. */
function storedNetwork(refuse?: Record<string, string[]>) {
  const state = {
    config: {
      pipe_layer_id: 1,
      valve_layer_ids: [2],
      node_layer_ids: [3],
      tolerance_m: 1,
      hydraulics: DEFAULT_HYDRAULICS,
    } as WaterNetworkConfig,
    saved: [] as WaterNetworkConfigInput[],
  };
  server.use(
    getGetWaterNetworkMockHandler(() => ({ data: state.config })),
    http.put('*/api/maps/:id/water-network', async ({ request }) => {
      const body = (await request.json()) as WaterNetworkConfigInput;
      state.saved.push(body);
      if (refuse) return HttpResponse.json({ message: 'Invalid.', errors: refuse }, { status: 422 });
      // As the server: the roughness table's C lies in (0, 200], named by its row.
      const tooRough = (body.hydraulics?.roughness ?? []).findIndex(
        (entry) => !(entry.c > 0 && entry.c <= 200),
      );
      if (tooRough >= 0)
        return HttpResponse.json(
          {
            message: 'Invalid.',
            errors: { [`hydraulics.roughness.${tooRough}.c`]: ['C must lie between 0 and 200.'] },
          },
          { status: 422 },
        );
      // The settings the form does not send keep their stored value.
      state.config = { ...body, hydraulics: { ...state.config.hydraulics, ...body.hydraulics } };
      return HttpResponse.json({ data: state.config });
    }),
  );
  return state;
}

async function openForm() {
  const { user } = await renderApp('/dashboard/maps/1/water-network', { as: 'admin' });
  const form = await screen.findByRole('form', { name: 'Network layers' }, SLOW);
  return { user, form, hydraulics: within(form).getByRole('group', { name: 'Hydraulics' }) };
}

describe('water network hydraulic settings', { timeout: 60_000 }, () => {
  it('edits the roughness table and thresholds and saves them with the layers', async () => {
    const state = storedNetwork();
    const { user, form, hydraulics } = await openForm();

    const firstC = within(hydraulics).getByLabelText('Hazen-Williams C, row 1');
    expect(within(hydraulics).getByLabelText('Material, row 1')).toHaveValue('cast_iron');
    await user.clear(firstC);
    await fill(user, firstC, '95');
    const lowPressure = within(hydraulics).getByLabelText('Low-pressure threshold (m)');
    await user.clear(lowPressure);
    await fill(user, lowPressure, '25,5');
    // Only node layers can be service points: Hydrants, not the valves.
    const services = within(hydraulics).getByRole('group', { name: 'Service points among the node layers' });
    expect(
      within(services)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Hydrants']);
    await user.click(within(services).getByRole('checkbox', { name: 'Hydrants' }));
    await user.click(within(hydraulics).getByRole('button', { name: 'Remove row 6' }));
    await user.click(within(hydraulics).getByRole('button', { name: 'Add material' }));
    await fill(user, within(hydraulics).getByLabelText('Material, row 6'), 'hdpe');
    await fill(user, within(hydraulics).getByLabelText('Hazen-Williams C, row 6'), '145');

    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    expect(await screen.findByText('Network saved', {}, SLOW)).toBeInTheDocument();
    expect(state.saved.at(-1)).toEqual({
      pipe_layer_id: 1,
      valve_layer_ids: [2],
      node_layer_ids: [3],
      tolerance_m: 1,
      hydraulics: {
        source_layer_id: null,
        service_layer_ids: [3],
        base_demand_lps: 0,
        default_roughness: 130,
        low_pressure_m: 25.5,
        fire_flow_residual_bar: 1.4,
        roughness: [
          { material: 'cast_iron', c: 95 },
          { material: 'ductile_iron', c: 130 },
          { material: 'steel', c: 120 },
          { material: 'asbestos_cement', c: 140 },
          { material: 'pvc', c: 150 },
          { material: 'hdpe', c: 145 },
        ],
        // The property names and closing statuses go back as they were.
        ...Object.fromEntries(PROPERTY_NAMES.map((key) => [key, DEFAULT_HYDRAULICS[key]])),
        closed_pipe_values: ['abandoned', 'closed'],
      },
    });
  });

  it('shows a refused C beside its row', async () => {
    storedNetwork();
    const { user, form, hydraulics } = await openForm();
    const secondC = within(hydraulics).getByLabelText('Hazen-Williams C, row 2');
    await user.clear(secondC);
    await fill(user, secondC, '250');
    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    await waitFor(() => expect(secondC).toHaveAccessibleDescription('C must lie between 0 and 200.'), SLOW);
    expect(within(hydraulics).getByLabelText('Hazen-Williams C, row 1')).not.toHaveAccessibleDescription(
      /C must lie/,
    );
  });

  it('shows a refused service layer under its group and offers as sources only layers in no other role', async () => {
    storedNetwork({ 'hydraulics.service_layer_ids.0': ['Service points must be node layers.'] });
    const { user, form, hydraulics } = await openForm();
    const services = within(hydraulics).getByRole('group', { name: 'Service points among the node layers' });
    await user.click(within(services).getByRole('checkbox', { name: 'Hydrants' }));
    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    expect(await within(services).findByText('Service points must be node layers.', {}, SLOW)).toBeVisible();

    // Hydrants stop being other nodes, so they may become the source layer; Valves stay valves.
    const nodes = within(form).getByRole('group', { name: 'Other nodes (hydrants, meters)' });
    await user.click(within(nodes).getByRole('checkbox', { name: 'Hydrants' }));
    await fill(
      user,
      within(hydraulics).getByRole('combobox', { name: 'Source layer (reservoirs and tanks)' }),
      's',
    );
    expect((await screen.findAllByRole('option', {}, SLOW)).map((option) => option.textContent)).toEqual([
      'Hydrants',
    ]);
  });

  it("offers each role's layer properties by name and saves the chosen names and closing statuses", async () => {
    const state = storedNetwork();
    const { user, form, hydraulics } = await openForm();
    const properties = within(hydraulics).getByRole('group', { name: 'Feature properties' });
    const pipes = within(properties).getByRole('group', { name: 'Pipes' });
    const nodes = within(properties).getByRole('group', { name: 'Nodes and sources' });
    expect(within(pipes).getByRole('combobox', { name: 'Diameter (mm)' })).toHaveValue(
      'Diameter (mm) (diameter_mm)',
    );
    // The pipe layer's properties, not the hydrants'.
    await user.click(within(pipes).getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option', {}, SLOW)).map((option) => option.textContent)).toEqual([
      'Name (name)',
      'Material (material)',
      'Diameter (mm) (diameter_mm)',
      'Installed on (install_date)',
      'Status (status)',
    ]);
    await user.keyboard('{Escape}');
    // The hydrants' properties, and the stored name no layer declares.
    await user.click(within(nodes).getByRole('combobox', { name: 'Demand (L/s)' }));
    expect((await screen.findAllByRole('option', {}, SLOW)).map((option) => option.textContent)).toEqual([
      'Hydrant id (hydrant_id)',
      'Flow (l/s) (flow_lps)',
      'demand_lps',
    ]);
    await user.click(screen.getByRole('option', { name: 'Flow (l/s) (flow_lps)' }));
    const closing = within(pipes).getByLabelText('Statuses that close a pipe');
    expect(closing).toHaveValue('abandoned, closed');
    await user.clear(closing);
    await fill(user, closing, 'abandoned, out_of_service ,');

    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    expect(await screen.findByText('Network saved', {}, SLOW)).toBeInTheDocument();
    expect(state.saved.at(-1)?.hydraulics).toMatchObject({
      demand_property: 'flow_lps',
      diameter_property: 'diameter_mm',
      valve_open_property: 'is_open',
      closed_pipe_values: ['abandoned', 'out_of_service'],
    });
  });

  it('shows a refused property name and a refused closing status under their fields', async () => {
    storedNetwork({
      'hydraulics.head_property': ['At most 100 characters.'],
      'hydraulics.closed_pipe_values.1': ['Each status at most 100 characters.'],
    });
    const { user, form, hydraulics } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Save network' }));
    const closing = within(hydraulics).getByLabelText('Statuses that close a pipe');
    await waitFor(
      () => expect(closing).toHaveAccessibleDescription(/Each status at most 100 characters\./),
      SLOW,
    );
    expect(
      within(hydraulics).getByRole('combobox', { name: 'Reservoir head (m)' }),
    ).toHaveAccessibleDescription('At most 100 characters.');
    expect(
      within(hydraulics).getByRole('combobox', { name: 'Diameter (mm)' }),
    ).not.toHaveAccessibleDescription(/characters/);
  });
});
