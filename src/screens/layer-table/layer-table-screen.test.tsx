import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getShowMapMockHandler } from '@generated/api/maps/maps.msw';
import { townMapDetail } from '@mocks/features-town-map';
import { renderApp } from '../../testing/render';
import { recordedMap } from '../../map/testing/recording-map-canvas';
import { server } from '../../testing/server';

/** The mock town, with the pipes' Status required as in the demo. */
function townWithRequiredStatus() {
  const detail = townMapDetail();
  const pipes = detail.layers?.find((layer) => layer.name === 'Pipes');
  pipes?.properties.forEach((property) => {
    if (property.name === 'status') property.required = true;
  });
  return detail;
}

async function openPipesTable() {
  server.use(getShowMapMockHandler({ data: townWithRequiredStatus() }));
  const app = await renderApp('/maps/1/show/1/features', { as: 'admin' });
  const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
  await within(table).findByRole('cell', { name: 'Oak Street 1' });
  return { ...app, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

// The first render loads the screen's lazy chunk; this machine's shared CPUs make that slow.
describe('feature table', { timeout: 30_000 }, () => {
  it('shows the layer schema as columns and only the rows in view', async () => {
    const { table } = await openPipesTable();
    expect(await screen.findByText('Features: 144')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Selection', 'ID', 'Name', 'Material', 'Diameter (mm)', 'Installed', 'Status', 'Actions']);
    // 480 px of 32 px rows plus overscan: far fewer than 144 rows in the DOM.
    expect(bodyRows(table).length).toBeLessThan(40);
  });

  it('scrolls to the last page and shows its rows', async () => {
    const { table } = await openPipesTable();
    const body = table.querySelector<HTMLElement>('.feature-table-body');
    if (!body) throw new Error('no table body');
    body.scrollTop = 144 * 32;
    fireEvent.scroll(body);
    expect(await within(table).findByRole('cell', { name: '144' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: 'Oak Street 1' })).not.toBeInTheDocument();
  });

  it('searches on the server', async () => {
    const { user, table } = await openPipesTable();
    await user.type(screen.getByLabelText('Search features'), '9th Avenue');
    expect(await screen.findByText('Features: 8', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(8));
  });

  it('bulk-edits the selected rows', async () => {
    const { user, table, router } = await openPipesTable();
    await user.click(within(table).getByLabelText('Select feature 1'));
    await user.click(within(table).getByLabelText('Select feature 2'));
    const form = screen.getByRole('form', { name: 'Edit the selected features' });
    // The property's own field, as in the feature forms: an enum is a select of its options.
    await user.click(within(form).getByRole('combobox', { name: 'Property' }));
    await user.click(await screen.findByRole('option', { name: 'Status' }));
    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'abandoned' }));
    await user.click(within(form).getByRole('button', { name: 'Apply to selected (2)' }));
    expect(await screen.findByText('Features updated: 2', undefined, { timeout: 5000 })).toBeInTheDocument();
    const first = within(table).getByRole('cell', { name: 'Oak Street 1' }).closest('[role=row]');
    await waitFor(() => expect(first).toHaveTextContent('abandoned'));
    // As after a single edit, the map draws the layer anew: its tiles are asked for again.
    await user.click(within(first as HTMLElement).getByRole('button', { name: /Show on map/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/1/show'));
    await waitFor(() =>
      expect(recordedMap.props?.layers.find((layer) => layer.layerId === 1)?.revision).toBe(1),
    );
  });

  it('a required property cannot be cleared for the selection: the field says so, nothing is sent', async () => {
    const { user, table } = await openPipesTable();
    await user.click(within(table).getByLabelText('Select feature 1'));
    const form = screen.getByRole('form', { name: 'Edit the selected features' });
    await user.click(within(form).getByRole('combobox', { name: 'Property' }));
    await user.click(await screen.findByRole('option', { name: 'Status' }));
    await user.click(within(form).getByRole('button', { name: 'Apply to selected (1)' }));
    expect(within(form).getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription('Required');
    expect(screen.queryByText(/Features updated/)).not.toBeInTheDocument();
  });

  it('hides and shows columns with the column chooser', async () => {
    const { user, table } = await openPipesTable();
    await user.click(screen.getByRole('button', { name: 'Columns (5/5)' }));
    const chooser = await screen.findByRole('dialog', { name: 'Columns shown' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Material' }));
    // The popover hides the page from assistive technology while open: closed before reading.
    await user.keyboard('{Escape}');
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    await waitFor(() => expect(headers()).not.toContain('Material'));
    expect(headers()).toContain('Diameter (mm)');
    await user.click(screen.getByRole('button', { name: 'Columns (4/5)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Material' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toContain('Material'));
  });

  it("filters by a column's value on the server, with the column's own field", async () => {
    const { user, table } = await openPipesTable();
    const filter = screen.getByRole('form', { name: 'Filter by a column' });
    await user.click(within(filter).getByRole('combobox', { name: 'Column' }));
    await user.click(await screen.findByRole('option', { name: 'Material' }));
    await user.click(within(filter).getByRole('combobox', { name: 'Material' }));
    await user.click(await screen.findByRole('option', { name: 'steel' }));
    await user.click(within(filter).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getByText(/^Features: \d+$/)).not.toHaveTextContent('Features: 144'));
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(0));
    // Only steel pipes are listed (the rows in view of them).
    const shown = Number((screen.getByText(/^Features: \d+$/).textContent ?? '').replace(/\D/g, ''));
    expect(shown).toBeGreaterThan(0);
    expect(bodyRows(table).length).toBeLessThanOrEqual(shown);
    for (const row of bodyRows(table)) expect(row).toHaveTextContent('steel');
    await user.click(within(filter).getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByText('Features: 144', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('zooms the map to the selected rows and highlights them', async () => {
    const { user, table, router } = await openPipesTable();
    const zoom = screen.getByRole('button', { name: 'Zoom to selected (0)' });
    expect(zoom).toBeDisabled();
    await user.click(within(table).getByLabelText('Select feature 1'));
    await user.click(within(table).getByLabelText('Select feature 2'));
    await user.click(screen.getByRole('button', { name: 'Zoom to selected (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/1/show'));
    await waitFor(() => expect(recordedMap.props?.viewRequest).toMatchObject({ maxZoom: 18 }));
    const pipes = recordedMap.props?.layers.find((layer) => layer.layerId === 1);
    expect(pipes?.highlightedIds).toEqual([1, 2]);
  });

  it('shows a row on the map: the viewer opens with that feature selected', async () => {
    const { user, table, router } = await openPipesTable();
    const row = within(table).getByRole('cell', { name: 'Oak Street 3' }).closest<HTMLElement>('[role=row]');
    if (!row) throw new Error('no row for Oak Street 3');
    await user.click(within(row).getByRole('button', { name: /Show on map/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/1/show'));
    expect(
      await screen.findByRole('complementary', { name: 'Pipes #3' }, { timeout: 10_000 }),
    ).toHaveTextContent('Oak Street 3');
  });
});
