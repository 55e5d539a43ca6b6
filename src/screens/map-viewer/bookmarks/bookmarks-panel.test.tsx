import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getShowMapQueryKey } from '@generated/api/maps/maps';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import type { Bookmark } from '@generated/model';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const layerVisible = (key: string) =>
  within(screen.getByTestId('map-canvas'))
    .getAllByRole('listitem')
    .find((element) => element.dataset.layerKey === key)?.dataset.visible;

const depot: Bookmark = {
  id: 41,
  map_id: 1,
  user_id: 1,
  name: 'Depot',
  center: [-9.15, 38.72],
  zoom: 17,
  rotation: 0,
  visible_layer_ids: [2],
  created_at: '2026-11-01T08:00:00Z',
};

async function openTown(bookmarks: Bookmark[] = []) {
  server.use(getShowMapMockHandler({ data: townMapDetail({ bookmarks }) }));
  const app = await renderApp('/maps/1/show', { as: 'admin' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  return { ...app, panel: screen.getByRole('region', { name: 'Bookmarks' }) };
}

describe('bookmarks panel', { timeout: 30_000 }, () => {
  it('saves the current view with the visible layers, and going to it restores both', async () => {
    const { user, panel, queryClient } = await openTown();
    expect(within(panel).getByText('No bookmarks yet.')).toBeInTheDocument();

    const saved = { center: [-9.1412, 38.7101] as [number, number], zoom: 16, rotation: 12 };
    act(() => recordedMap.props?.onViewChange?.(saved, [-9.15, 38.7, -9.13, 38.72]));
    await user.click(screen.getByLabelText('Pipes'));
    await user.type(within(panel).getByLabelText('Bookmark name'), 'Without pipes');
    await user.click(within(panel).getByRole('button', { name: 'Save view' }));
    const list = await within(panel).findByRole('list', { name: 'Saved views' });
    expect(within(panel).getByLabelText('Bookmark name')).toHaveValue('');
    // The next visit to the map loads it again instead of showing the cached, bookmark-less detail.
    expect(queryClient.getQueryState(getShowMapQueryKey(1, { with_layers: true }))?.isInvalidated).toBe(true);

    // Move away and show the pipes again, then go back to the bookmark.
    act(() => recordedMap.props?.onViewChange?.({ center: [0, 0], zoom: 3, rotation: 0 }, [-1, -1, 1, 1]));
    await user.click(screen.getByLabelText('Pipes'));
    expect(layerVisible('layer-1')).toBe('true');
    await user.click(within(list).getByRole('button', { name: 'Without pipes' }));
    expect(layerVisible('layer-1')).toBe('false');
    expect(layerVisible('layer-2')).toBe('true');
    const request = recordedMap.props?.viewRequest;
    expect(request && 'view' in request ? request.view : null).toEqual(saved);
  });

  it('lists the bookmarks the map came with and goes to one: its view and only its layers', async () => {
    const { user, panel } = await openTown([depot]);
    await user.click(within(panel).getByRole('button', { name: 'Depot' }));
    expect(layerVisible('layer-2')).toBe('true');
    expect(layerVisible('layer-1')).toBe('false');
    expect(layerVisible('layer-4')).toBe('false');
    const request = recordedMap.props?.viewRequest;
    expect(request && 'view' in request ? request.view : null).toEqual({
      center: [-9.15, 38.72],
      zoom: 17,
      rotation: 0,
    });
  });

  it('removes a deleted bookmark from the list at once', async () => {
    const { user, panel } = await openTown([depot]);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.delete('*/api/maps/:id/bookmarks/:bookmarkId', async () => {
        await answered;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Delete bookmark Depot' }));
    // Gone before the server has answered.
    expect(within(panel).queryByRole('button', { name: 'Depot' })).not.toBeInTheDocument();
    expect(within(panel).getByText('No bookmarks yet.')).toBeInTheDocument();
    release();
  });

  it('puts a bookmark back and says so when the server refuses to delete it', async () => {
    const { user, panel } = await openTown([depot]);
    server.use(
      http.delete('*/api/maps/:id/bookmarks/:bookmarkId', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    await user.click(within(panel).getByRole('button', { name: 'Delete bookmark Depot' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The bookmark could not be deleted.');
    expect(within(panel).getByRole('button', { name: 'Depot' })).toBeInTheDocument();
  });

  it('shows the per-field errors when a bookmark is refused', async () => {
    const { user, panel } = await openTown();
    server.use(
      http.post('*/api/maps/:id/bookmarks', () =>
        HttpResponse.json(
          { message: 'The name is too long.', errors: { name: ['The name is too long.'] } },
          { status: 422 },
        ),
      ),
    );
    await user.type(within(panel).getByLabelText('Bookmark name'), 'Depot');
    await user.click(within(panel).getByRole('button', { name: 'Save view' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The name is too long.');
    expect(within(panel).getByText('No bookmarks yet.')).toBeInTheDocument();
  });
});
