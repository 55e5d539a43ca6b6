import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('admin layer features', { timeout: 30_000 }, () => {
  it('shows the layer in the same virtualised table as the viewer', async () => {
    await renderApp('/dashboard/maps/1/layers/1/features', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Selection');
    // Rows come from the server's pages; only those in view are in the DOM.
    expect(await within(table).findByRole('cell', { name: 'Oak Street 1' }, { timeout: 5000 })).toBeVisible();
    expect(within(table).getAllByRole('row').length).toBeLessThan(40);
    expect(screen.getByRole('link', { name: 'Open in the viewer' })).toHaveAttribute(
      'href',
      '/maps/1/show/1/features',
    );
  });
});
