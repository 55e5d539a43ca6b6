import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { rememberViewedMap } from '@/lib/last-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** The vector tile URLs the swipe map draws on one side, by the side its layer keys name. */
const tileUrls = (side: 'left' | 'right') =>
  (recordedMap.props?.layers ?? [])
    .filter((layer) => layer.swipeSide === side && layer.key.startsWith(side))
    .map((layer) => layer.source)
    .flatMap((source) => (source.kind === 'vector-tiles' ? [source.url] : []));

/** /map2 with both sides on the demo town (the last map viewed), at `search`. */
async function openMap2(search = '') {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/', { as: 'admin' });
  rememberViewedMap(1);
  await act(() => app.router.navigate(`/map2${search}`));
  await screen.findByRole('heading', { name: 'Side-by-side maps', level: 1 }, { timeout: 10_000 });
  return app;
}

const sideGroup = (side: 'Left' | 'Right') => screen.getByRole('group', { name: `${side} of the divider` });

async function swipeMapShown() {
  await screen.findByRole('region', { name: 'Swipe comparison' }, { timeout: 10_000 });
  await waitFor(() => expect(tileUrls('left').length).toBeGreaterThan(0), { timeout: 10_000 });
}

// Each test renders the whole app: slow on a busy machine.
describe('/map2 swipe, then and now', { timeout: 120_000 }, () => {
  it('a moment on the left draws that side as it was, keeps the right at now, and is kept in the address', async () => {
    const { router } = await openMap2();
    const swipe = await screen.findByRole('button', { name: 'Swipe' }, { timeout: 10_000 });
    await waitFor(() => expect(swipe).toBeEnabled());
    fireEvent.click(swipe);
    await swipeMapShown();
    // Both sides now: no side is dated, no moment in the address.
    for (const url of [...tileUrls('left'), ...tileUrls('right')]) expect(url).not.toContain('as_of');
    expect(screen.queryByText('Now')).toBeNull();

    const left = sideGroup('Left');
    fireEvent.change(within(left).getByLabelText('As it was on'), { target: { value: '2026-03-01T12:30' } });
    fireEvent.click(within(left).getByRole('button', { name: 'Show' }));
    const moment = new Date(2026, 2, 1, 12, 30).toISOString();
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('left_as_of')).toBe(moment),
    );
    expect(new URLSearchParams(router.state.location.search).has('right_as_of')).toBe(false);

    await waitFor(() => {
      for (const url of tileUrls('left')) expect(url).toContain(`?as_of=${encodeURIComponent(moment)}`);
    });
    expect(tileUrls('left').length).toBeGreaterThan(0);
    expect(tileUrls('right').length).toBe(tileUrls('left').length);
    for (const url of tileUrls('right')) expect(url).not.toContain('as_of');
    // The same layers on both sides, then and now: each its own key, so each its own source.
    const keys = (recordedMap.props?.layers ?? []).map((layer) => layer.key);
    expect(new Set(keys).size).toBe(keys.length);

    // Each side says what it shows.
    expect(screen.getByText(/^As it was on .*2026/)).toBeVisible();
    expect(screen.getByText('Now')).toBeVisible();
    // Nothing is edited here.
    expect(screen.queryByRole('button', { name: 'Draw a new feature' })).toBeNull();
  });

  it('an address with a moment reopens the comparison, and back to now takes it out', async () => {
    const moment = '2026-03-01T12:30:00.000Z';
    const { router } = await openMap2(`?left_as_of=${encodeURIComponent(moment)}`);
    await swipeMapShown();
    expect(screen.getByRole('button', { name: 'Swipe' })).toHaveAttribute('aria-pressed', 'true');
    for (const url of tileUrls('left')) expect(url).toContain(`?as_of=${encodeURIComponent(moment)}`);
    for (const url of tileUrls('right')) expect(url).not.toContain('as_of');
    const left = sideGroup('Left');
    expect(within(left).getByLabelText('As it was on')).toHaveValue(
      (() => {
        const at = new Date(moment);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      })(),
    );
    expect(screen.getByText(/^As it was on .*2026/)).toBeVisible();
    expect(screen.getByText('Now')).toBeVisible();

    fireEvent.click(within(left).getByRole('button', { name: 'Back to now' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(left).getByLabelText('As it was on')).toHaveFocus();
    expect(within(left).getByLabelText('As it was on')).toHaveValue('');
    await waitFor(() => {
      for (const url of tileUrls('left')) expect(url).not.toContain('as_of');
    });
    expect(screen.queryByText(/^As it was on .*2026/)).toBeNull();
    expect(screen.queryByText('Now')).toBeNull();
  });

  it('a moment the address cannot read is now, and leaving swipe drops the moments', async () => {
    const { router } = await openMap2('?left_as_of=soon&right_as_of=2026-02-01T08:00:00Z');
    await swipeMapShown();
    for (const url of tileUrls('left')) expect(url).not.toContain('as_of');
    for (const url of tileUrls('right'))
      expect(url).toContain(`?as_of=${encodeURIComponent('2026-02-01T08:00:00.000Z')}`);
    expect(within(sideGroup('Right')).getByRole('button', { name: 'Back to now' })).toBeVisible();
    expect(within(sideGroup('Left')).queryByRole('button', { name: 'Back to now' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Swipe' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: 'Swipe comparison' })).toBeNull();
  });
});
