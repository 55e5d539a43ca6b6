import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

// The first render loads the screen's lazy chunk; this machine's shared CPUs make that slow.
describe('the embed page', { timeout: 30_000 }, () => {
  it('shows the map alone with its layer list and identify, and no tools', async () => {
    server.use(getShowMapMockHandler({ data: townMapDetail() }));
    await renderApp('/embed/1', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
    await screen.findByTestId('map-canvas');
    // No app bar, and only the layers panel: no search, filters, bookmarks, network, print or export.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Layers and legend' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Drawing' })).not.toBeInTheDocument();

    // Identify: the clicked feature's properties, and nothing to change (even for an admin).
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
    expect(within(panel).getByText('Oak Street 3')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Attachments' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
  });

  it('says the map is not available to a visitor who may not read it', async () => {
    await renderApp('/embed/1');
    expect(
      await screen.findByText('This map is not available here.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
