import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';

const SLOW = { timeout: 5000 };
const WIDTHS = ['< 110 mm', '110 – 199 mm', '200 – 299 mm', '≥ 300 mm'];
const legendRows = () =>
  within(screen.getByRole('group', { name: 'Legend of Style preview' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the style editor', { timeout: 60_000 }, () => {
  it('shows a categorized layer as its legend and turns it into a graduated one with a live preview', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/1/edit', { as: 'admin' });
    await screen.findByRole('combobox', { name: 'Symbols' }, SLOW);
    expect(screen.getByRole('combobox', { name: 'Symbols' })).toHaveValue('Categorized');
    expect(legendRows()).toContain('Cast iron');
    expect(legendRows()).toContain('Other');
    // Colours are picked, not typed: each category has a colour button.
    const first = screen.getByRole('group', { name: 'Value 1' });
    expect(within(first).getByRole('button', { name: 'Colour: #8c510a' })).toBeInTheDocument();

    const kind = screen.getByRole('combobox', { name: 'Symbols' });
    await user.clear(kind);
    await fill(user, kind, 'Grad');
    await user.click(await screen.findByRole('option', { name: 'Graduated' }));
    const property = screen.getByRole('combobox', { name: 'Classified by' });
    await user.click(property);
    // Only numbers can be graduated.
    expect(screen.queryByRole('option', { name: 'Material' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Diameter (mm)' }));
    await user.click(screen.getByRole('button', { name: 'Add class' }));
    const row = screen.getByRole('group', { name: 'Classes 1' });
    const max = within(row).getByRole('textbox', { name: 'To' });
    await user.clear(max);
    await fill(user, max, '500');
    // The stored width by diameter stays, listed after the classes.
    await waitFor(() => expect(legendRows()).toEqual(['0 – 500', ...WIDTHS]));
    await user.click(screen.getByRole('button', { name: 'Split into 5 equal classes' }));
    await waitFor(() =>
      expect(legendRows()).toEqual([
        '0 – 100',
        '100 – 200',
        '200 – 300',
        '300 – 400',
        '400 – 500',
        ...WIDTHS,
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(mapsDb.layers.find((layer) => layer.id === 1)?.style).toMatchObject({
          kind: 'graduated',
          property: 'diameter_mm',
          classes: [
            { min: 0, max: 100, color: '#fee5d9' },
            { min: 100, max: 200 },
            { min: 200, max: 300 },
            { min: 300, max: 400 },
            { min: 400, max: 500, color: '#a50f15' },
          ],
        }),
      SLOW,
    );
  });
});
