import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getListLayerChangesMockHandler } from '@generated/api/features/features.msw';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import type { LayerChange } from '@generated/model';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const MOMENT = '2026-03-01T12:00:00.000Z';

const CHANGES: LayerChange[] = [
  {
    feature_id: 31,
    change: 'created',
    at: '2026-02-20T10:00:00Z',
    user: { id: 1, name: 'Admin' },
    effect: 'added',
    geometry: { type: 'Point', coordinates: [-9.14, 38.72] },
  },
  {
    feature_id: 12,
    change: 'deleted',
    at: '2026-02-10T10:00:00Z',
    user: { id: 1, name: 'Admin' },
    effect: 'removed',
    geometry: { type: 'Point', coordinates: [-9.13, 38.72] },
  },
  {
    feature_id: 11,
    change: 'updated',
    at: '2026-02-01T10:00:00Z',
    user: null,
    effect: 'changed',
    geometry: { type: 'Point', coordinates: [-9.12, 38.72] },
  },
];

/** The drawn change layers: each colour with the ids it draws. */
const drawnChanges = () =>
  Object.fromEntries(
    (recordedMap.props?.layers ?? [])
      .filter((layer) => layer.key.startsWith('changes-'))
      .map((layer) => [
        layer.style.strokeColor,
        layer.source.kind === 'feature-collection' ? layer.source.data.features.map((f) => f.id) : [],
      ]),
  );

async function openTown(path: string) {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp(path, { as: 'admin' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas', {}, { timeout: 10_000 });
  return app;
}

describe('what changed, in the viewer', { timeout: 120_000 }, () => {
  it('lists the changes up to the moment shown, draws them green, amber and red, and opens a history from the keyboard', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      getListLayerChangesMockHandler(({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return {
          data: CHANGES,
          links: { first: null, last: null, prev: null, next: null },
          meta: { current_page: 1, from: 1, last_page: 1, path: '/', per_page: 100, to: 3, total: 3 },
        };
      }),
    );
    const { user } = await openTown(`/maps/1/show?as_of=${MOMENT}`);
    const panel = screen.getByRole('region', { name: 'What changed' });
    expect(drawnChanges()).toEqual({});
    // The interval ends at the moment shown by default.
    await user.click(within(panel).getByRole('button', { name: 'Show changes' }));
    await within(panel).findByText('3 features changed.');
    expect(new Date(asked[0]?.get('to') ?? '').getTime()).toBe(new Date(MOMENT).setSeconds(0, 0));
    await waitFor(() =>
      expect(drawnChanges()).toEqual({ '#1a9641': [31], '#f0a202': [11], '#d7191c': [12] }),
    );
    const rows = within(panel).getAllByRole('button', { name: /^(Added|Removed|Changed): feature/ });
    expect(rows.map((row) => row.textContent?.split(',')[0])).toEqual([
      'Added: feature 31',
      'Removed: feature 12',
      'Changed: feature 11',
    ]);
    // A row opens that feature's history (Enter on the focused button).
    rows[1]?.focus();
    await user.keyboard('{Enter}');
    expect(rows[1]?.getAttribute('aria-expanded')).toBe('true');

    await user.click(within(panel).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(drawnChanges()).toEqual({}));
  });

  it('lists a long interval a page at a time: older changes come when asked for, and are drawn too', async () => {
    // 130 changes, newest first: a first page of 100 and a second of 30.
    const many: LayerChange[] = Array.from({ length: 130 }, (_, index) => ({
      feature_id: 1000 + index,
      change: 'updated',
      at: new Date(Date.parse('2026-02-28T00:00:00Z') - index * 60_000).toISOString(),
      user: { id: 1, name: 'Admin' },
      effect: 'changed',
      geometry: { type: 'Point', coordinates: [-9.12, 38.72] },
    }));
    const pages: string[] = [];
    server.use(
      getListLayerChangesMockHandler(({ request }) => {
        const asked = new URL(request.url).searchParams;
        const page = Number(asked.get('page') ?? 1);
        const perPage = Number(asked.get('per_page') ?? 15);
        pages.push(`${page}/${perPage}`);
        const data = many.slice((page - 1) * perPage, page * perPage);
        return {
          data,
          links: { first: null, last: null, prev: null, next: null },
          meta: {
            current_page: page,
            from: (page - 1) * perPage + 1,
            last_page: Math.ceil(many.length / perPage),
            path: '/',
            per_page: perPage,
            to: (page - 1) * perPage + data.length,
            total: many.length,
          },
        };
      }),
    );
    const { user } = await openTown(`/maps/1/show?as_of=${MOMENT}`);
    const panel = screen.getByRole('region', { name: 'What changed' });
    await user.click(within(panel).getByRole('button', { name: 'Show changes' }));
    await within(panel).findByText('130 features changed; the newest 100 are shown.');
    const rows = () => within(panel).getAllByRole('button', { name: /^Changed: feature/ });
    expect(rows()).toHaveLength(100);

    await user.click(within(panel).getByRole('button', { name: 'Show older changes' }));
    await within(panel).findByText('130 features changed.');
    expect(rows()).toHaveLength(130);
    expect(rows().at(-1)?.textContent).toMatch(/^Changed: feature 1129,/);
    expect(pages).toEqual(['1/100', '2/100']);
    // Every change listed is drawn, and nothing is left to ask for.
    await waitFor(() => expect(drawnChanges()['#f0a202']).toHaveLength(130));
    expect(within(panel).queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('the search box asks for the moment shown', async () => {
    const searched: string[] = [];
    server.use(
      http.post('*/api/maps/:id/main-search/features', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('as_of') ?? 'now');
        return HttpResponse.json({ data: [] });
      }),
    );
    const { user } = await openTown(`/maps/1/show?as_of=${MOMENT}`);
    await user.click(screen.getByRole('tab', { name: 'Search' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search Pipes' }), 'P-0');
    await waitFor(() => expect(searched).toContain(MOMENT));
    expect(searched).not.toContain('now');
  });
});
