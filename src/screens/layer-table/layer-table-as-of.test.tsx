import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const MOMENT = '2026-03-01T12:00:00.000Z';

/** The `as_of` of every features page and export the screen asks for ('now' when none). */
function recordMoments() {
  const moments: { kind: 'page' | 'export'; asOf: string }[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const kind = /\/layers\/\d+\/features$/.test(url.pathname)
      ? 'page'
      : /\/export-/.test(url.pathname)
        ? 'export'
        : null;
    if (kind) moments.push({ kind, asOf: url.searchParams.get('as_of') ?? 'now' });
  });
  return moments;
}

// The first render loads the screen's lazy chunk; this machine's shared CPUs make that slow.
describe('the feature table of a map shown as it was', { timeout: 30_000 }, () => {
  it('lists the rows of then, says so, edits nothing, and exports the features of then', async () => {
    const moments = recordMoments();
    server.use(getShowMapMockHandler({ data: townMapDetail() }));
    const { user } = await renderApp(`/maps/1/show/1/features?as_of=${MOMENT}`, { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
    await within(table).findByRole('cell', { name: 'Oak Street 1' });
    expect(screen.getByText(/Listing the features as they were on/).textContent).toContain('2026');
    expect(moments.filter((entry) => entry.kind === 'page').map((entry) => entry.asOf)).toEqual(
      expect.arrayContaining([MOMENT]),
    );
    expect(moments.some((entry) => entry.kind === 'page' && entry.asOf === 'now')).toBe(false);

    // Read only: selecting rows offers no bulk edit.
    await user.click(within(table).getByLabelText('Select feature 1'));
    expect(screen.queryByRole('form', { name: 'Edit the selected features' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Export the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export features' });
    await user.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await waitFor(() =>
      expect(moments.filter((entry) => entry.kind === 'export')).toEqual([{ kind: 'export', asOf: MOMENT }]),
    );
  });
});
