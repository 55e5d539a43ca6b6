import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { recordedMap } from '@/map/testing/recording-map-canvas';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { PLAY_INTERVAL_MS } from './time-slider';

const pipesTime = () => recordedMap.props?.layers.find((layer) => layer.layerId === 1)?.style.time;
const timeInAddress = (search: string) => new URLSearchParams(search).get('time');

async function openTown(path: string) {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp(path, { as: 'admin' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas', {}, { timeout: 10_000 });
  return app;
}

// Each test renders the whole viewer: slow on a busy machine.
describe('the time slider', { timeout: 120_000 }, () => {
  it('a range in the address filters the timed layer, shows the dates and moves a thumb one step', async () => {
    const { router } = await openTown('/maps/1/show?time=2019-01-01/2020-12-31&time_step=year');
    await screen.findByRole('region', { name: 'Time' }, { timeout: 10_000 });
    expect(pipesTime()).toEqual({ property: 'install_date', from: '2019-01-01', to: '2020-12-31' });
    // Layers without a time property are drawn whole.
    expect(recordedMap.props?.layers.find((layer) => layer.layerId === 2)?.style.time).toBeUndefined();
    expect(screen.getByText('Showing 2019 – 2020')).toBeTruthy();

    const from = screen.getByRole('slider', { name: 'From' });
    expect(from.getAttribute('aria-valuetext')).toBe('2019');
    // One step back (the e2e test moves it with the arrow keys in a real browser).
    fireEvent.change(from, { target: { value: String(Number((from as HTMLInputElement).value) - 1) } });
    await waitFor(() => expect(timeInAddress(router.state.location.search)).toBe('2018-01-01/2020-12-31'));
    expect(pipesTime()).toMatchObject({ from: '2018-01-01', to: '2020-12-31' });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show all dates' }));
    });
    await waitFor(() => expect(timeInAddress(router.state.location.search)).toBeNull());
    expect(pipesTime()).toBeUndefined();
  });

  it('play moves the whole range one step later at a time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = await openTown('/maps/1/show?time=2001-01-01/2001-12-31&time_step=year');
      const play = await screen.findByRole('button', { name: 'Play' }, { timeout: 10_000 });
      fireEvent.click(play);
      expect(screen.getByRole('button', { name: 'Pause' }).getAttribute('aria-pressed')).toBe('true');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PLAY_INTERVAL_MS);
      });
      await waitFor(() => expect(timeInAddress(router.state.location.search)).toBe('2002-01-01/2002-12-31'));
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PLAY_INTERVAL_MS * 2);
      });
      expect(timeInAddress(router.state.location.search)).toBe('2002-01-01/2002-12-31');
    } finally {
      vi.useRealTimers();
    }
  });
});
