import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

async function openTown() {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show', { as: 'admin' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  return app;
}

describe('the viewer shell', { timeout: 30_000 }, () => {
  it('puts the panels in tabs, folds them away and back, and Escape closes the feature drawer', async () => {
    const { user } = await openTown();
    const tabs = screen.getByRole('tablist', { name: 'Panels' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Layers and legend', 'Search', 'Filters', 'Dashboard', 'Bookmarks', 'Network']);
    await user.click(within(tabs).getByRole('tab', { name: 'Filters' }));
    expect(screen.getByRole('tabpanel', { name: 'Filters' })).toContainElement(
      screen.getByRole('button', { name: 'Apply filters' }),
    );

    const toggle = screen.getByRole('button', { name: 'Panels' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('tablist', { name: 'Panels' })).not.toBeInTheDocument();
    await user.click(toggle);
    // Folding kept the chosen tab.
    expect(screen.getByRole('tab', { name: 'Filters' })).toHaveAttribute('aria-selected', 'true');

    act(() => recordedMap.props?.onFeatureClick?.({ layerId: 1, featureId: 3, properties: {} }));
    const panel = await screen.findByRole('complementary', { name: 'Pipes #3' });
    within(panel).getByRole('button', { name: 'Close feature details' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Pipes #3' })).not.toBeInTheDocument();
  });

  it('warns in the layer panel about a layer whose tiles fail', async () => {
    await openTown();
    expect(screen.queryByText('Its tiles could not be loaded.')).not.toBeInTheDocument();
    act(() => recordedMap.props?.onLayerError?.(1, 'tileloaderror'));
    const pipesRow = screen.getByLabelText('Pipes').closest('li');
    if (!pipesRow) throw new Error('no row for the pipes');
    expect(within(pipesRow).getByRole('status')).toHaveTextContent('Its tiles could not be loaded.');
  });
});
