import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const RANGE = '1960-01-01/1979-12-31';

/** The `datetime` of every features page of layer 1 the screen asks for ('none' when none). */
function recordRanges() {
  const ranges: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (/\/layers\/1\/features$/.test(url.pathname)) ranges.push(url.searchParams.get('datetime') ?? 'none');
  };
  server.events.on('request:start', listener);
  stop = () => server.events.removeListener('request:start', listener);
  return ranges;
}
let stop = () => {};
afterEach(() => stop());

const countOf = async () => {
  const status = await screen.findByText(/^Features: \d+/, undefined, { timeout: 10_000 });
  return Number(/Features: (\d+)/.exec(status.textContent ?? '')?.[1]);
};

// The first render loads the screen's lazy chunk; shared CPUs make that slow.
describe('the feature table opened from a map with a time range', { timeout: 30_000 }, () => {
  it("lists only the features of the slider's dates, says so, and goes back to the map with them", async () => {
    const all = await renderApp('/maps/1/show/1/features', { as: 'admin' });
    const everyPipe = await countOf();
    all.unmount();

    const ranges = recordRanges();
    const { user, router } = await renderApp(`/maps/1/show/1/features?time=${RANGE}&time_step=year`, {
      as: 'admin',
    });
    const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
    await waitFor(async () => expect(await countOf()).toBeGreaterThan(0));
    const inRange = await countOf();
    expect(inRange).toBeLessThan(everyPipe);
    expect(screen.getByText('Only the features dated 1960-01-01 – 1979-12-31.')).toBeInTheDocument();
    expect(ranges.length).toBeGreaterThan(0);
    expect(new Set(ranges)).toEqual(new Set([RANGE]));

    const [row] = within(table).getAllByRole('row').slice(1);
    const id = row?.querySelector('.cell-id')?.textContent;
    await user.click(within(table).getByRole('button', { name: new RegExp(`^Show on map\\s*${id}$`) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/1/show'));
    expect(new URLSearchParams(router.state.location.search).get('time')).toBe(RANGE);
    expect(new URLSearchParams(router.state.location.search).get('time_step')).toBe('year');
  });
});
