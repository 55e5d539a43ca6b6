import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetWaterNetworkMockHandler } from '@generated/api/water-network/water-network.msw';
import type { WaterNetworkConfig, WaterNetworkInpImportResult } from '@generated/model';
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
/** The mock town's layers 1 (Pipes) and 3 (Hydrants) stand in for the layers the import made. */
const IMPORTED: WaterNetworkConfig = {
  pipe_layer_id: 1,
  valve_layer_ids: [],
  node_layer_ids: [3],
  tolerance_m: 0.01,
  hydraulics: { ...DEFAULT_HYDRAULICS, source_layer_id: 2, service_layer_ids: [3] },
};

function storedNetwork() {
  const state = { config: UNSET, sent: null as FormData | null };
  server.use(getGetWaterNetworkMockHandler(() => ({ data: state.config })));
  return state;
}

const inpFile = () => new File(['[JUNCTIONS]\nJ1 10 1\n[END]\n'], 'network.inp', { type: 'text/plain' });

describe('EPANET model import on the water network screen', { timeout: 60_000 }, () => {
  it('sends the file and its CRS, lists what was imported and shows the new network layers', async () => {
    const state = storedNetwork();
    server.use(
      http.post('*/api/maps/:id/water-network/import-inp', async ({ request }) => {
        state.sent = await request.formData();
        state.config = IMPORTED;
        const answer: WaterNetworkInpImportResult = {
          data: { layers: [], network: IMPORTED },
          meta: {
            junctions: 12,
            reservoirs: 1,
            tanks: 1,
            pipes: 14,
            valves: 2,
            warnings: ['Sections not imported: [PATTERNS].'],
          },
        };
        return HttpResponse.json(answer, { status: 201 });
      }),
    );
    const { user } = await renderApp('/dashboard/maps/1/water-network', { as: 'admin' });
    const section = await screen.findByRole('region', { name: 'Import an EPANET model' }, SLOW);
    await user.upload(within(section).getByLabelText('INP file'), inpFile());
    const crs = within(section).getByLabelText('Coordinate system');
    expect(crs).toHaveValue('EPSG:4326');
    await user.clear(crs);
    await fill(user, crs, 'EPSG:3857');
    await user.click(within(section).getByRole('button', { name: 'Import EPANET model' }));

    const result = await within(section).findByRole('status', { name: 'Import result' }, SLOW);
    expect(result).toHaveTextContent('Imported 14 pipes, 2 valves, 12 junctions, 1 reservoirs and 1 tanks.');
    expect(within(result).getByRole('listitem')).toHaveTextContent('Sections not imported: [PATTERNS].');
    expect(state.sent?.get('crs')).toBe('EPSG:3857');
    expect(state.sent?.has('file')).toBe(true);
    // The network form starts again from the configuration the import stored.
    const form = screen.getByRole('form', { name: 'Network layers' });
    await waitFor(
      () => expect(within(form).getByRole('combobox', { name: 'Pipe layer' })).toHaveValue('Pipes'),
      SLOW,
    );
  });

  it('shows the server’s message for a bad file under the picker', async () => {
    storedNetwork();
    server.use(
      http.post('*/api/maps/:id/water-network/import-inp', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { file: ['Line 6 ([PIPES]): unknown node "J9".'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = await renderApp('/dashboard/maps/1/water-network', { as: 'admin' });
    const section = await screen.findByRole('region', { name: 'Import an EPANET model' }, SLOW);
    const picker = within(section).getByLabelText('INP file');
    await user.upload(picker, inpFile());
    await user.click(within(section).getByRole('button', { name: 'Import EPANET model' }));
    expect(await within(section).findByText('Line 6 ([PIPES]): unknown node "J9".', {}, SLOW)).toBeVisible();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).queryByRole('status', { name: 'Import result' })).not.toBeInTheDocument();
  });
});
