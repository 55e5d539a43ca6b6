import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const layerItem = (key: string) => {
  const item = within(screen.getByTestId('map-canvas'))
    .getAllByRole('listitem')
    .find((element) => element.dataset.layerKey === key);
  if (!item) throw new Error(`no layer ${key} on the map`);
  return item;
};

async function openTown() {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show', { as: 'admin' });
  // The first render loads the viewer's lazy chunk, which can take a while in a cold test run.
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  return app;
}

describe('map viewer', () => {
  it('draws the offline basemap and every vector layer from tiles, bottom to top by order', async () => {
    await openTown();
    expect(layerItem('basemap')).toHaveTextContent('offline-world');
    expect(layerItem('layer-1')).toHaveTextContent('vector-tiles');
    // Pressure zones (order 0) lie under the pipes (order 1), valves and hydrants.
    expect(Number(layerItem('layer-4').dataset.zIndex)).toBeLessThan(
      Number(layerItem('layer-1').dataset.zIndex),
    );
    expect(Number(layerItem('layer-1').dataset.zIndex)).toBeLessThan(
      Number(layerItem('layer-3').dataset.zIndex),
    );
  });

  it('groups layers by category and toggles, fades and reorders them on the map', async () => {
    const { user } = await openTown();
    const network = screen.getByRole('group', { name: 'Network' });
    expect(
      within(network)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Hydrants', 'Valves', 'Pipes']);
    expect(
      within(screen.getByRole('group', { name: 'Zones' })).getByLabelText('Pressure zones'),
    ).toBeChecked();

    await user.click(screen.getByLabelText('Pipes'));
    expect(layerItem('layer-1').dataset.visible).toBe('false');

    const before = Number(layerItem('layer-2').dataset.zIndex);
    await user.click(screen.getByRole('button', { name: 'Draw Valves higher' }));
    expect(Number(layerItem('layer-2').dataset.zIndex)).toBe(before + 1);
  });

  it('greys out a layer outside its zoom range', async () => {
    server.use(
      getShowMapMockHandler({
        data: townMapDetail({
          layers: townMapDetail().layers?.map((l) => (l.id === 3 ? { ...l, min_zoom: 16 } : l)),
        }),
      }),
    );
    await renderApp('/maps/1/show', { as: 'admin' });
    const hydrants = await screen.findByLabelText('Hydrants', undefined, { timeout: 10_000 });
    expect(hydrants.closest('li')).toHaveAttribute('title', 'Not drawn at this zoom');
    expect((await screen.findByLabelText('Pipes')).closest('li')).not.toHaveAttribute('title');
  });

  it('opens a clicked feature with its properties by the layer schema and its history', async () => {
    const { user } = await openTown();
    act(() =>
      recordedMap.props?.onFeatureClick?.({
        layerId: 1,
        featureId: 3,
        properties: {
          name: 'Oak Street 3',
          material: 'ductile_iron',
          diameter_mm: 150,
          status: 'in_service',
        },
      }),
    );
    const panel = await screen.findByRole('complementary', { name: 'Pipes #3' });
    expect(within(panel).getByText('Material').nextSibling).toHaveTextContent('ductile iron');
    expect(within(panel).getByText('Diameter (mm)').nextSibling).toHaveTextContent('150');
    expect(within(panel).getByText('Installed').nextSibling).toHaveTextContent('—');
    expect(await within(panel).findByText('No changes recorded yet.')).toBeInTheDocument();
    await waitFor(() => expect(layerItem('layer-1').dataset.selected).toBe('3'));

    await user.click(within(panel).getByRole('button', { name: 'Close feature details' }));
    expect(screen.queryByRole('complementary', { name: 'Pipes #3' })).not.toBeInTheDocument();
  });

  it('finds a pipe with the main search box, zooms to it and opens it', async () => {
    const { user } = await openTown();
    await user.type(screen.getByLabelText('Search Pipes'), 'Oak Street 3');
    const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 5000 });
    await user.click(within(results).getByRole('button', { name: 'Oak Street 3' }));
    expect(await screen.findByRole('complementary', { name: 'Pipes #3' })).toBeInTheDocument();
    await waitFor(() => expect(layerItem('layer-1').dataset.selected).toBe('3'));
    const request = recordedMap.props?.viewRequest;
    expect(request && 'extent' in request ? request.extent[1] : null).toBeCloseTo(38.7132, 3);
  });

  it('applies filters: lists the matches and highlights them on the map', async () => {
    const { user } = await openTown();
    const panel = screen.getByRole('region', { name: 'Filters' });
    await user.type(within(panel).getByLabelText('Material'), 'steel');
    const diameter = within(panel).getByRole('group', { name: 'Diameter (mm)' });
    await user.type(within(diameter).getByLabelText('From'), '250');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    // Steel is every fifth pipe and its diameters cycle so that steel pipes are all 250 mm.
    const list = await within(panel).findByRole('list', { name: 'Matching features' });
    const items = within(list).getAllByRole('button');
    expect(items.length).toBeGreaterThan(0);
    expect(within(panel).getByRole('status')).toHaveTextContent(`Matching features: ${items.length}`);
    const highlighted = layerItem('layer-1').dataset.highlighted?.split(',') ?? [];
    expect(highlighted).toHaveLength(items.length);
    expect(highlighted).toContain('4');
    expect(layerItem('layer-2').dataset.highlighted).toBe('');

    await user.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(layerItem('layer-1').dataset.highlighted).toBe('');
  });

  it('an editor changes a property; the change shows in the history and the map redraws the layer', async () => {
    const { user } = await openTown();
    act(() =>
      recordedMap.props?.onFeatureClick?.({
        layerId: 1,
        featureId: 5,
        properties: { name: 'Oak Street 5', material: 'cast_iron', diameter_mm: 100, status: 'in_service' },
      }),
    );
    const panel = await screen.findByRole('complementary', { name: 'Pipes #5' });
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const form = within(panel).getByRole('form', { name: 'Edit feature' });
    const diameter = within(form).getByLabelText('Diameter (mm)');
    await user.clear(diameter);
    await user.type(diameter, '160');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Changed by Ada Admin', { exact: false })).toBeInTheDocument();
    // The history names the property by its label, as the property list does.
    expect(
      within(panel).getByText('Diameter (mm)', { selector: '.history-property' }).closest('li'),
    ).toHaveTextContent('Diameter (mm): 100 → 160');
    expect(within(panel).getByText('Diameter (mm)', { selector: 'dt' }).nextSibling).toHaveTextContent('160');
    expect(layerItem('layer-1').dataset.revision).toBe('1');
  });
});
