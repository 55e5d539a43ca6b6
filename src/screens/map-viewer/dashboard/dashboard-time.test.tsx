import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const MOMENT = '2026-03-01T12:00:00.000Z';
const RANGE = '2001-01-01/2010-12-31';
const WHEN = `as_of=${encodeURIComponent(MOMENT)}&time=${encodeURIComponent(RANGE)}`;

interface Asked {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** Every request whose path matches, with its query and JSON body, as the server receives it. */
function recordRequests(pattern: RegExp) {
  const asked: Asked[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (!pattern.test(url.pathname)) return;
    void request
      .clone()
      .json()
      .then((body: Record<string, unknown>) =>
        asked.push({ path: url.pathname, query: url.searchParams, body }),
      );
  });
  return asked;
}

const PIPES = '/api/maps/1/layers/1/aggregate';
const HYDRANTS = '/api/maps/1/layers/3/aggregate';

/** The widget's card, found by its title. */
const card = (title: string) => screen.getByRole('region', { name: title });

async function openViewer(query: string) {
  server.use(getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp(`/maps/1/show${query}`, { as: 'user' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await app.user.click(await screen.findByRole('tab', { name: 'Dashboard' }, { timeout: 10_000 }));
  await screen.findByRole('region', { name: 'Pipes installed per year' }, { timeout: 10_000 });
  return app;
}

// Each test renders the whole viewer or dashboard: slow on a busy machine.
describe('the dashboard follows the viewer’s moment and time slider', { timeout: 120_000 }, () => {
  it('every widget asks as_of the moment, those on the timed layer the slider’s range, and says so', async () => {
    const asked = recordRequests(/\/aggregate$/);
    await openViewer(`?${WHEN}`);
    await waitFor(() => {
      expect(asked.some((request) => request.path === PIPES)).toBe(true);
      expect(asked.some((request) => request.path === HYDRANTS)).toBe(true);
    });
    for (const request of asked) expect(request.query.get('as_of'), request.path).toBe(MOMENT);
    // The pipes have a time; the hydrants do not, so their widget counts every date.
    for (const request of asked.filter((entry) => entry.path === PIPES))
      expect(request.body.datetime).toBe(RANGE);
    for (const request of asked.filter((entry) => entry.path === HYDRANTS))
      expect(request.body.datetime).toBeUndefined();

    expect(
      within(card('Pipes installed per year')).getByText(/^Counted as it was on .*2026/).textContent,
    ).toMatch(/, dated 2001-01-01 – 2010-12-31$/);
    expect(
      within(card('Hydrants in view')).getByText(/^Counted as it was on .*2026/).textContent,
    ).not.toContain('dated');
    // The full-window dashboard opens on the same moment and dates.
    const link = screen.getByRole('link', { name: 'Open the full-window dashboard' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://app.test');
    expect(target.pathname).toBe('/maps/1/dashboard');
    expect(target.searchParams.get('as_of')).toBe(MOMENT);
    expect(target.searchParams.get('time')).toBe(RANGE);
  });

  it('without a moment or a range the widgets ask for now and say so', async () => {
    const asked = recordRequests(/\/aggregate$/);
    await openViewer('');
    await waitFor(() => expect(asked.some((request) => request.path === PIPES)).toBe(true));
    for (const request of asked) {
      expect(request.query.has('as_of')).toBe(false);
      expect(request.body.datetime).toBeUndefined();
    }
    expect(within(card('Pipes installed per year')).getByText('Counted now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the full-window dashboard' })).toHaveAttribute(
      'href',
      '/maps/1/dashboard',
    );
  });

  it('the full-window dashboard asks the moment and the range of its address, and goes back with them', async () => {
    const asked = recordRequests(/\/aggregate$/);
    server.use(getShowMapMockHandler({ data: townMapDetail() }));
    await renderApp(`/maps/1/dashboard?${WHEN}`, { as: 'user' });
    await screen.findByRole('heading', { name: 'Demo town: dashboard', level: 1 }, { timeout: 10_000 });
    await waitFor(() => expect(asked.some((request) => request.path === PIPES)).toBe(true), {
      timeout: 5000,
    });
    for (const request of asked) expect(request.query.get('as_of')).toBe(MOMENT);
    for (const request of asked.filter((entry) => entry.path === PIPES))
      expect(request.body.datetime).toBe(RANGE);
    const caption = await within(card('Pipes installed per year')).findByText(/^Counted as it was on/);
    expect(caption.textContent).toMatch(/, dated 2001-01-01 – 2010-12-31$/);
    const back = new URL(
      screen.getByRole('link', { name: 'Back to the map viewer' }).getAttribute('href') ?? '',
      'http://app.test',
    );
    expect(back.pathname).toBe('/maps/1/show');
    expect(back.searchParams.get('as_of')).toBe(MOMENT);
    expect(back.searchParams.get('time')).toBe(RANGE);
  });
});

describe(
  'the viewer’s whole-layer export follows the moment and the time slider',
  { timeout: 120_000 },
  () => {
    it('sends the slider’s range for a timed layer and the moment, and names the dates', async () => {
      const asked = recordRequests(/\/export-features$/);
      server.use(getShowMapMockHandler({ data: townMapDetail() }));
      const { user } = await renderApp(`/maps/1/show?${WHEN}`, { as: 'user' });
      await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      const dialog = await screen.findByRole('dialog', { name: 'Export features' });
      // A layer without a time is exported whole.
      expect(within(dialog).getByLabelText('Whole layer: Valves')).toBeInTheDocument();
      await user.click(within(dialog).getByLabelText('Whole layer: Pipes, dated 2001-01-01 – 2010-12-31'));
      await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
      await waitFor(() => expect(asked).toHaveLength(1));
      expect(asked[0]?.query.get('as_of')).toBe(MOMENT);
      expect(asked[0]?.body).toEqual({ format: 'geojson', layer_id: 1, datetime: RANGE });
    });
  },
);

describe('the table’s layer export follows the time slider', { timeout: 120_000 }, () => {
  it('writes what the table lists: the range from the address goes with the export', async () => {
    const asked = recordRequests(/\/export-features$/);
    server.use(getShowMapMockHandler({ data: townMapDetail() }));
    const { user } = await renderApp(`/maps/1/show/1/features?time=${encodeURIComponent(RANGE)}`, {
      as: 'admin',
    });
    await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export features' });
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.query.has('as_of')).toBe(false);
    expect(asked[0]?.body).toEqual({ format: 'geojson', layer_id: 1, datetime: RANGE });
  });
});
