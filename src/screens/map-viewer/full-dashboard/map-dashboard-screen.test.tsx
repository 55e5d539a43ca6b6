import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listWidgets } from '@generated/api/dashboards/dashboards';
import { renderApp } from '@/testing/render';

const tile = (title: string) => {
  const heading = screen.getByRole('heading', { name: title, level: 3 });
  const found = heading.closest<HTMLElement>('.map-dashboard-tile');
  if (!found) throw new Error(`no tile for ${title}`);
  return found;
};

async function openDashboard(as: 'admin' | 'user') {
  const app = await renderApp('/maps/1/dashboard', { as });
  await screen.findByRole('heading', { name: 'Demo town: dashboard', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  await screen.findByRole('heading', { name: 'Network length (m)', level: 3 });
  return app;
}

describe('the full-window dashboard', () => {
  it('shows the map as a tile and every widget at its stored place, with a way back to the viewer', async () => {
    await openDashboard('user');
    expect(screen.getByRole('region', { name: 'Map' })).toContainElement(screen.getByTestId('map-canvas'));
    expect(tile('Network length (m)').dataset.layout).toBe('0,0,6,2');
    expect(tile('Pipes by diameter (mm)').dataset.layout).toBe('6,6,6,4');
    await waitFor(() => expect(within(tile('Hydrants in view')).getByText(/^\d+$/)).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Back to the map viewer' })).toHaveAttribute(
      'href',
      '/maps/1/show',
    );
  });

  it('offers a reader no arranging at all', async () => {
    await openDashboard('user');
    expect(screen.queryByRole('button', { name: 'Arrange widgets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move Network length/ })).not.toBeInTheDocument();
  });

  it('lets a manager move and resize widgets with buttons and arrow keys, others making room, and keeps it', async () => {
    const { user } = await openDashboard('admin');
    await user.click(screen.getByRole('button', { name: 'Arrange widgets' }));
    await user.click(screen.getByRole('button', { name: 'Move Network length (m) right' }));
    expect(tile('Network length (m)').dataset.layout).toBe('1,0,6,2');
    // Hydrants stood where it went: pushed down, the charts below it too.
    expect(tile('Hydrants in view').dataset.layout).toBe('6,2,6,2');
    expect(tile('Pipes installed per year').dataset.layout).toBe('6,4,6,4');
    expect(tile('Pipes by diameter (mm)').dataset.layout).toBe('6,8,6,4');
    expect(
      screen.getByText('Network length (m): column 2, row 1, 6 columns wide, 2 rows high.'),
    ).toBeInTheDocument();

    screen.getByRole('button', { name: 'Move Pipes by diameter (mm)' }).focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(tile('Pipes by diameter (mm)').dataset.layout).toBe('6,8,5,4');
    await user.keyboard('{ArrowLeft}');
    expect(tile('Pipes by diameter (mm)').dataset.layout).toBe('5,8,5,4');
    // The pie it now covers makes room below it.
    expect(tile('Valves by type').dataset.layout).toBe('0,12,6,4');
    await waitFor(() => expect(screen.queryByText('Saving the layout…')).not.toBeInTheDocument());

    // What the server now holds.
    const stored = new Map((await listWidgets(1)).data.map((widget) => [widget.title, widget.layout]));
    expect(stored.get('Network length (m)')).toEqual({ x: 1, y: 0, w: 6, h: 2 });
    expect(stored.get('Hydrants in view')).toEqual({ x: 6, y: 2, w: 6, h: 2 });
    expect(stored.get('Pipes by diameter (mm)')).toEqual({ x: 5, y: 8, w: 5, h: 4 });
    expect(stored.get('Valves by type')).toEqual({ x: 0, y: 12, w: 6, h: 4 });
  });

  it('filters the map and the other widgets by a clicked group, and the chip clears it', async () => {
    const { user } = await openDashboard('user');
    const counter = within(tile('Network length (m)'));
    const before = (await counter.findByText(/^[\d,.]+$/)).textContent;
    const chart = within(tile('Network length by material (m)'));
    // The groups and the chip are named as the layer's legend names them (PVC for pvc).
    await user.click(await chart.findByRole('button', { name: 'PVC' }));

    const chip = await screen.findByRole('button', {
      name: 'Clear the selection Network length by material (m): PVC',
    });
    await waitFor(() => expect(counter.getByText(/^[\d,.]+$/).textContent).not.toBe(before), {
      timeout: 3000,
    });
    const pipes = within(screen.getByTestId('map-canvas'))
      .getAllByRole('listitem')
      .find((item) => item.dataset.layerKey === 'layer-1');
    await waitFor(() => expect(pipes?.dataset.highlighted).not.toBe(''));

    await user.click(chip);
    expect(screen.queryByRole('button', { name: /^Clear the selection/ })).not.toBeInTheDocument();
    await waitFor(() => expect(counter.getByText(/^[\d,.]+$/).textContent).toBe(before), { timeout: 3000 });
  });

  it("is one link away from the viewer's Dashboard tab", async () => {
    const { user } = await renderApp('/maps/1/show', { as: 'user' });
    await user.click(await screen.findByRole('tab', { name: 'Dashboard' }, { timeout: 10_000 }));
    expect(await screen.findByRole('link', { name: 'Open the full-window dashboard' })).toHaveAttribute(
      'href',
      '/maps/1/dashboard',
    );
  });
});
