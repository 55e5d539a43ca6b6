import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { findFeature } from '@mocks/features-store';
import { townMapDetail } from '@mocks/features-town-map';
import { featureExtent } from '@/map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp, type SignedInAs } from '@/testing/render';
import { server } from '@/testing/server';

const revisionOf = (key: string) =>
  within(screen.getByTestId('map-canvas'))
    .getAllByRole('listitem')
    .find((element) => element.dataset.layerKey === key)?.dataset.revision;

async function openTown(as: SignedInAs = 'admin') {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show', { as });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  return app;
}

/** A click on pipe #3 as the map reports it: the tile's attributes and the area around the click. */
function clickPipe3() {
  const pipe = findFeature(3);
  const extent = pipe && featureExtent(pipe);
  if (!extent) throw new Error('no pipe 3 in the mock town');
  act(() =>
    recordedMap.props?.onFeatureClick?.({ layerId: 1, featureId: 3, properties: {}, clickExtent: extent }),
  );
}

describe('geometry editing in the viewer', { timeout: 30_000 }, () => {
  it('a map click shows the whole stored feature, not only what its tile carried', async () => {
    await openTown();
    clickPipe3();
    const panel = await screen.findByRole('complementary', { name: 'Pipes #3' });
    // The tile click carried no attributes; the stored feature brings them and its files.
    expect(await within(panel).findByText('Oak Street 3')).toBeInTheDocument();
    expect(within(panel).getByText('No files attached.')).toBeInTheDocument();
  });

  it('reshapes a feature: the map edits its stored geometry, saving writes history and redraws the layer', async () => {
    const { user } = await openTown();
    clickPipe3();
    const panel = await screen.findByRole('complementary', { name: 'Pipes #3' });
    const edit = within(panel).getByRole('button', { name: 'Edit geometry' });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    expect(recordedMap.props?.geometryEdit).toEqual({ kind: 'modify', geometry: findFeature(3)?.geometry });

    const tools = screen.getByRole('region', { name: 'Drawing' });
    expect(within(tools).getByRole('button', { name: 'Save geometry' })).toBeDisabled();
    const moved = {
      type: 'LineString' as const,
      coordinates: [
        [-9.15, 38.71],
        [-9.149, 38.712],
      ],
    };
    act(() => recordedMap.props?.onGeometryChange?.(moved));
    const before = revisionOf('layer-1');
    await user.click(within(tools).getByRole('button', { name: 'Save geometry' }));

    await waitFor(() => expect(recordedMap.props?.geometryEdit).toBeNull());
    expect(findFeature(3)?.geometry).toEqual(moved);
    expect(revisionOf('layer-1')).not.toBe(before);
    const history = await within(panel).findByText('geometry', { selector: '.history-property' });
    expect(history.closest('li')).toHaveTextContent('geometry: LineString → LineString');
  });

  it('draws a new hydrant, then fills its properties by the layer schema and saves it', async () => {
    const { user } = await openTown();
    const tools = screen.getByRole('region', { name: 'Drawing' });
    await user.click(within(tools).getByRole('combobox', { name: 'Layer to draw on' }));
    await user.click(await screen.findByRole('option', { name: 'Hydrants' }));
    await user.click(within(tools).getByRole('button', { name: 'Draw a new feature' }));
    expect(recordedMap.props?.geometryEdit).toEqual({ kind: 'draw', geometryType: 'Point' });
    expect(within(tools).getByRole('status')).toHaveTextContent('Draw the new Hydrants feature');

    act(() => recordedMap.props?.onGeometryChange?.({ type: 'Point', coordinates: [-9.141, 38.721] }));
    const form = within(tools).getByRole('form', { name: 'New feature on Hydrants' });
    await user.type(within(form).getByLabelText('Hydrant'), 'H-NEW');
    await user.type(within(form).getByLabelText('Flow (l/s)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Save new feature' }));

    const panel = await screen.findByRole('complementary', { name: /^Hydrants #\d+$/ });
    expect(within(panel).getByText('H-NEW')).toBeInTheDocument();
    expect(await within(panel).findByText(/Created by Ada Admin/)).toBeInTheDocument();
    expect(recordedMap.props?.geometryEdit).toBeNull();
  });

  it('deletes a feature after confirming: the panel closes and the layer redraws', async () => {
    const { user } = await openTown();
    clickPipe3();
    const panel = await screen.findByRole('complementary', { name: 'Pipes #3' });
    const before = revisionOf('layer-1');
    await user.click(within(panel).getByRole('button', { name: 'Delete feature' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete feature #3?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete feature' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Pipes #3' })).not.toBeInTheDocument(),
    );
    expect(findFeature(3)).toBeUndefined();
    expect(revisionOf('layer-1')).not.toBe(before);
  });

  it('offers no drawing or geometry tools to a user who may not edit', async () => {
    await openTown('user');
    clickPipe3();
    const panel = await screen.findByRole('complementary', { name: 'Pipes #3' });
    expect(await within(panel).findByText('Oak Street 3')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Drawing' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit geometry' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete feature' })).not.toBeInTheDocument();
  });
});
