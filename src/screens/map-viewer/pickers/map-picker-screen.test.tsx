import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getListMapsMockHandler, getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const town = townMapDetail();
const {
  layers: _layers,
  categories: _c,
  searches: _s,
  main_searches: _m,
  filters: _f,
  bookmarks: _b,
  ...townMap
} = town;

describe('/map', { timeout: 30_000 }, () => {
  it('opens the last map viewed and lets the user pick another', async () => {
    server.use(
      getShowMapMockHandler({ data: town }),
      getListMapsMockHandler({
        data: [townMap, { ...townMap, id: 2, title: 'Empty map', layers_count: 0 }],
        links: { first: '/api/maps?page=1', last: '/api/maps?page=1', prev: null, next: null },
        meta: { current_page: 1, from: 1, last_page: 1, path: '/api/maps', per_page: 100, to: 2, total: 2 },
      }),
    );
    // Viewing map 1 makes it the last map viewed.
    const { user, router } = await renderApp('/maps/1/show', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
    await router.navigate('/map');
    // A react-aria select: a button naming the chosen map that opens the list.
    const picker = await screen.findByRole(
      'button',
      { name: /Demo town.*Map to show|Map to show.*Demo town/ },
      { timeout: 10_000 },
    );
    expect(await screen.findByLabelText('Pipes', undefined, { timeout: 10_000 })).toBeChecked();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Empty map' }));
    expect(localStorage.getItem('atlasboard.last-map-id')).toBe('2');
  });
});
