import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const tileUrls = () =>
  (recordedMap.props?.layers ?? [])
    .map((layer) => layer.source)
    .filter((source) => source.kind === 'vector-tiles')
    .map((source) => (source.kind === 'vector-tiles' ? source.url : ''));

async function openTown(path: string) {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp(path, { as: 'admin' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas', {}, { timeout: 10_000 });
  return app;
}

// Each test renders the whole viewer: slow on a busy machine.
describe('the map as it was', { timeout: 120_000 }, () => {
  it('a moment in the address draws every layer then, says so, turns editing off, and goes back to now', async () => {
    const { user, router } = await openTown('/maps/1/show?as_of=2026-03-01T12:00:00.000Z');
    const banner = await screen.findByText(/Showing the map as it was on/, {}, { timeout: 10_000 });
    expect(banner.textContent).toContain('2026');
    expect(tileUrls().length).toBeGreaterThan(0);
    for (const url of tileUrls()) expect(url).toMatch(/\?as_of=2026-03-01T12%3A00%3A00\.000Z$/);
    expect(screen.queryByRole('button', { name: 'Draw a new feature' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to now' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/Showing the map as it was on/)).toBeNull();
    for (const url of tileUrls()) expect(url).not.toContain('as_of');
    // The button went with the banner; a keyboard user is left in the moment's field.
    expect(screen.getByLabelText('As it was on')).toHaveFocus();
  });

  it('picking a date and time puts it in the address and asks the tiles of then', async () => {
    const { router } = await openTown('/maps/1/show');
    expect(screen.queryByText(/Showing the map as it was on/)).toBeNull();
    const input = screen.getByLabelText('As it was on');
    fireEvent.change(input, { target: { value: '2026-03-01T12:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const moment = new Date(2026, 2, 1, 12, 30).toISOString();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('as_of')).toBe(moment));
    await screen.findByText(/Showing the map as it was on/);
    for (const url of tileUrls()) expect(url).toContain(`as_of=${encodeURIComponent(moment)}`);
  });
});
