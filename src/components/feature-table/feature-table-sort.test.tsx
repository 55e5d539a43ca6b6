import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const firstIds = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1, 4)
    .map((row) => row.querySelector('.cell-id')?.textContent);

describe('feature table sorting', { timeout: 30_000 }, () => {
  it('sorts on the server by a column header: ascending, descending, then back to the id order', async () => {
    server.use(getShowMapMockHandler({ data: townMapDetail() }));
    const { user } = await renderApp('/maps/1/show/1/features', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
    await within(table).findByRole('cell', { name: 'Oak Street 1' });
    expect(firstIds(table)).toEqual(['1', '2', '3']);

    const idHeader = within(table).getByRole('columnheader', { name: 'ID' });
    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(firstIds(table)).toEqual(['144', '143', '142']));

    const diameter = within(table).getByRole('columnheader', { name: /Diameter/ });
    const diameters = () =>
      within(table)
        .getAllByRole('row')
        .slice(1, 20)
        .map((row) => Number(row.querySelectorAll('[role=cell]')[4]?.textContent));
    await user.click(within(diameter).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(diameters()).toEqual([...diameters()].sort((x, y) => x - y)));
    const smallest = diameters()[0] ?? 0;
    await user.click(within(diameter).getByRole('button'));
    await waitFor(() => expect(diameters()[0]).toBeGreaterThan(smallest));
    expect(diameters()).toEqual([...diameters()].sort((x, y) => y - x));
  });
});
