import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import {
  getExportMultiSelectedFeaturesMockHandler,
  getExportMultiSelectedFeaturesResponseMock,
} from '@generated/api/exports/exports.msw';
import {
  getGetWaterNetworkMockHandler,
  getIsolateWaterNetworkPipeMockHandler,
  getTraceWaterNetworkFlowMockHandler,
  getTraceWaterNetworkMockHandler,
} from '@generated/api/water-network/water-network.msw';
import { buildTownFeatures } from '@mocks/features-town';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings';

const SLOW = { timeout: 10_000 };

/** The mock town as a network: pipes (layer 1), valves (2), hydrants (3). */
function townNetwork() {
  server.use(
    getShowMapMockHandler({ data: townMapDetail() }),
    getGetWaterNetworkMockHandler({
      data: {
        pipe_layer_id: 1,
        valve_layer_ids: [2],
        node_layer_ids: [3],
        tolerance_m: 1,
        hydraulics: DEFAULT_HYDRAULICS,
      },
    }),
  );
}

async function openFeature(layerId: number, featureId: number, panelName: string) {
  const app = await renderApp('/maps/1/show', { as: 'user' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, SLOW);
  await screen.findByTestId('map-canvas');
  act(() => recordedMap.props?.onFeatureClick?.({ layerId, featureId, properties: {} }));
  // The panel's first open loads its lazy parts: on a busy machine that passes the default 1 s.
  await screen.findByRole('complementary', { name: panelName }, SLOW);
  return app;
}

const highlighted = (key: string) =>
  screen
    .getByTestId('map-canvas')
    .querySelector(`[data-layer-key="${key}"]`)
    ?.getAttribute('data-highlighted');

describe('water network tools in the viewer', { timeout: 60_000 }, () => {
  it('isolates a pipe: names the valves to close and the pipes out of service, and highlights them', async () => {
    townNetwork();
    const asked: unknown[] = [];
    server.use(
      getIsolateWaterNetworkPipeMockHandler(async ({ request }) => {
        asked.push(await request.json());
        return {
          data: {
            pipe_id: 3,
            valve_ids: [147, 148],
            pipe_ids: [3, 4],
            node_ids: [],
            skipped_valve_ids: [149],
            extra_pipe_ids: [4],
            node_layers: [{ layer_id: 3, role: 'hydrant', feature_ids: [] }],
          },
        };
      }),
    );
    const { user } = await openFeature(1, 3, 'Pipes #3');
    const tools = await screen.findByRole('region', { name: 'Water network' }, SLOW);
    await user.click(within(tools).getByRole('button', { name: 'Isolate' }));

    const result = await within(tools).findByRole('region', { name: 'Isolation of #3' }, SLOW);
    expect(asked).toEqual([{ pipe_id: 3 }]);
    expect(result).toHaveTextContent('Close 2 valves: 2 pipes go out of service.');
    const valves = within(result).getByRole('region', { name: 'Valves to close' });
    expect(await within(valves).findByRole('button', { name: '#147' }, SLOW)).toBeInTheDocument();
    expect(
      within(valves)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#147', '#148']);
    // Valve 149 cannot be closed: the answer names it, and pipe 4 lost through it.
    const skipped = within(result).getByRole('region', { name: 'Inoperable valves passed' });
    expect(within(skipped).getByRole('listitem')).toHaveTextContent('#149');
    const extra = within(result).getByRole('region', { name: 'Pipes lost through inoperable valves' });
    expect(within(extra).getAllByRole('listitem')).toHaveLength(1);
    const pipes = within(result).getByRole('region', { name: 'Pipes out of service' });
    expect(await within(pipes).findByRole('button', { name: 'Oak Street 3' }, SLOW)).toBeInTheDocument();
    expect(highlighted('layer-1')).toBe('3,4');
    expect(highlighted('layer-2')).toBe('147,148');
    expect(within(result).getByRole('link', { name: 'Print map' })).toHaveAttribute('href', '/pdf?map=1');

    // Export: the dialog offers the pipes out of service and the valves to close, each as a selection.
    const exported: unknown[] = [];
    server.use(
      getExportMultiSelectedFeaturesMockHandler(async ({ request }) => {
        exported.push(await request.json());
        const mock = getExportMultiSelectedFeaturesResponseMock();
        return { data: { ...mock.data, status: 'ready' } };
      }),
    );
    await user.click(within(result).getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export features' }, SLOW);
    expect(within(dialog).getByRole('radio', { name: 'Valves to close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Pipes out of service' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await within(dialog).findByText('The file is ready.', {}, SLOW);
    expect(exported).toEqual([expect.objectContaining({ layer_id: 1, feature_ids: [3, 4] })]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // Clearing takes the highlight off the map.
    await user.click(within(tools).getByRole('button', { name: 'Clear' }));
    expect(within(tools).queryByRole('region', { name: 'Isolation of #3' })).not.toBeInTheDocument();
    expect(highlighted('layer-1')).toBe('');
  });

  it('traces from a valve (no isolate for valves) and says why when the server refuses', async () => {
    townNetwork();
    server.use(
      getTraceWaterNetworkMockHandler({ data: { feature_id: 147, pipe_ids: [3], node_ids: [147, 148] } }),
    );
    const { user } = await openFeature(2, 147, 'Valves #147');
    const tools = await screen.findByRole('region', { name: 'Water network' }, SLOW);
    expect(within(tools).queryByRole('button', { name: 'Isolate' })).not.toBeInTheDocument();
    await user.click(within(tools).getByRole('button', { name: 'Trace' }));
    const result = await within(tools).findByRole('region', { name: 'Trace from #147' }, SLOW);
    expect(result).toHaveTextContent('1 pipes and 2 valves and nodes connected.');
    expect(highlighted('layer-2')).toBe('147,148');

    server.use(
      http.post('*/api/maps/:id/water-network/trace', () =>
        HttpResponse.json(
          { message: 'Invalid.', errors: { feature_id: ['The feature is not on the network.'] } },
          { status: 422 },
        ),
      ),
    );
    await user.click(within(tools).getByRole('button', { name: 'Trace' }));
    expect(await within(tools).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The feature is not on the network.',
    );
    expect(within(tools).queryByRole('region', { name: 'Trace from #147' })).not.toBeInTheDocument();
    expect(highlighted('layer-2')).toBe('');
  });

  it('lists the hydrants an isolation leaves dry, and exports exactly them through the export dialog', async () => {
    townNetwork();
    const hydrants = buildTownFeatures().filter((feature) => feature.layer_id === 3);
    const dry = hydrants.slice(0, 2).map((feature) => feature.id);
    server.use(
      getIsolateWaterNetworkPipeMockHandler({
        data: {
          pipe_id: 3,
          valve_ids: [147],
          pipe_ids: [3],
          node_ids: dry,
          skipped_valve_ids: [],
          extra_pipe_ids: [],
          node_layers: [{ layer_id: 3, role: 'hydrant', feature_ids: dry }],
        },
      }),
    );
    const { user } = await openFeature(1, 3, 'Pipes #3');
    const tools = await screen.findByRole('region', { name: 'Water network' }, SLOW);
    await user.click(within(tools).getByRole('button', { name: 'Isolate' }));
    const result = await within(tools).findByRole('region', { name: 'Isolation of #3' }, SLOW);
    expect(result).toHaveTextContent('2 hydrants and 0 service points lose water.');
    const list = within(result).getByRole('region', { name: 'Hydrants without water' });
    expect(list).toHaveTextContent('Hydrants without water (2)');
    expect(await within(list).findByRole('button', { name: 'H-001' }, SLOW)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'H-002' })).toBeInTheDocument();
    expect(highlighted('layer-3')).toBe(dry.join(','));

    const exported: unknown[] = [];
    server.use(
      getExportMultiSelectedFeaturesMockHandler(async ({ request }) => {
        exported.push(await request.json());
        const mock = getExportMultiSelectedFeaturesResponseMock();
        return { data: { ...mock.data, status: 'ready' } };
      }),
    );
    await user.click(within(result).getByRole('button', { name: 'Export affected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export features' }, SLOW);
    // Preset to the one layer and its features; every format the dialog has is offered.
    expect(dialog).toHaveTextContent('What to export: Hydrants without water');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['geojson', 'csv', 'xlsx', 'shp', 'gpkg', 'kml']);
    await user.click(within(dialog).getByRole('radio', { name: 'GeoPackage' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await within(dialog).findByText('The file is ready.', {}, SLOW);
    expect(exported).toEqual([{ format: 'gpkg', layer_id: 3, feature_ids: dry }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // A name in the list opens that hydrant.
    await user.click(within(list).getByRole('button', { name: 'H-002' }));
    expect(
      await screen.findByRole('complementary', { name: `Hydrants #${dry[1]}` }, SLOW),
    ).toBeInTheDocument();
  });

  it('traces upstream by the simulated flow: the pipes, the feeding sources and the hydrants on the way', async () => {
    townNetwork();
    const asked: unknown[] = [];
    const hydrant = buildTownFeatures().find((feature) => feature.layer_id === 3)?.id ?? 0;
    server.use(
      getTraceWaterNetworkFlowMockHandler(async ({ request }) => {
        asked.push(await request.json());
        return {
          data: {
            feature_id: 4,
            direction: 'upstream',
            pipe_ids: [3, 4],
            node_ids: [147, hydrant],
            source_ids: [],
            node_layers: [{ layer_id: 3, role: 'hydrant', feature_ids: [hydrant] }],
            flow_tolerance_lps: 0.001,
          },
        };
      }),
    );
    const { user } = await openFeature(1, 4, 'Pipes #4');
    const tools = await screen.findByRole('region', { name: 'Water network' }, SLOW);
    await user.click(within(tools).getByRole('button', { name: 'Trace upstream' }));
    const result = await within(tools).findByRole('region', { name: 'Upstream of #4' }, SLOW);
    expect(asked).toEqual([{ feature_id: 4, direction: 'upstream' }]);
    expect(result).toHaveTextContent('2 pipes bring the water here from 0 sources.');
    expect(within(result).getByRole('region', { name: 'Pipes upstream' })).toHaveTextContent('(2)');
    expect(within(result).getByRole('region', { name: 'Hydrants upstream' })).toHaveTextContent('(1)');
    expect(within(result).getByRole('region', { name: 'Valves on the way' })).toHaveTextContent('(1)');
    expect(highlighted('layer-1')).toBe('3,4');
    expect(highlighted('layer-2')).toBe(`147,${hydrant}`);
  });

  it('stays away from features that are not on the network', async () => {
    townNetwork();
    await openFeature(4, 1, 'Pressure zones #1');
    expect(screen.queryByRole('region', { name: 'Water network' })).not.toBeInTheDocument();
  });
});
