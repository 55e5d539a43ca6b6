import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mapsDb } from '@mocks/maps-store';
import { fill } from '@/testing/fill';
import { renderApp } from '@/testing/render';

const SLOW = { timeout: 5000 };
const legend = () => screen.getByRole('group', { name: 'Legend of Style preview' });
const legendRows = () =>
  within(legend())
    .getAllByRole('listitem')
    .map((item) => item.textContent);
/** The line width the preview draws for the legend row named `label`. */
const drawnWidth = (label: string) =>
  within(legend())
    .getByText(label, { exact: true })
    .closest('li')
    ?.querySelector('path')
    ?.getAttribute('stroke-width');

describe('the style editor: size and classify from data', { timeout: 60_000 }, () => {
  it('edits the width per diameter class with a live preview and fills classes from the layer data', async () => {
    const { user } = await renderApp('/dashboard/maps/1/layers/1/edit', { as: 'admin' });
    const size = await screen.findByRole('group', { name: 'Size by a number' }, SLOW);
    expect(within(size).getByRole('combobox', { name: 'Size by' })).toHaveValue('Diameter (mm)');
    expect(drawnWidth('≥ 300 mm')).toBe('4.5');

    // A wider last class: the preview draws it at once.
    const last = within(size).getByRole('group', { name: 'Size class 4' });
    const width = within(last).getByRole('textbox', { name: 'Line width' });
    await user.clear(width);
    await fill(user, width, '7');
    await waitFor(() => expect(drawnWidth('≥ 300 mm')).toBe('7'));

    // From data: the pipes' diameters run from 100 to 300 mm in the mock town.
    await user.click(within(size).getByRole('button', { name: '4 equal classes from data' }));
    await waitFor(() =>
      expect(legendRows()).toEqual(
        expect.arrayContaining(['100 – 150', '150 – 200', '200 – 250', '250 – 300']),
      ),
    );

    // A category removed comes back from the data.
    const firstCategory = screen.getByRole('group', { name: 'Value 1' });
    expect(within(firstCategory).getByRole('textbox', { name: 'Value' })).toHaveValue('cast_iron');
    await user.click(within(firstCategory).getByRole('button', { name: 'Remove' }));
    expect(legendRows()).not.toContain('Cast iron');
    await user.click(screen.getByRole('button', { name: 'Categories from data' }));
    await waitFor(() => expect(legendRows()).toContain('cast_iron'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(mapsDb.layers.find((layer) => layer.id === 1)?.style.size).toEqual({
          property: 'diameter_mm',
          classes: [
            { min: 100, max: 150, label: '', stroke_width: 1 },
            { min: 150, max: 200, label: '', stroke_width: 2.7 },
            { min: 200, max: 250, label: '', stroke_width: 4.3 },
            { min: 250, max: 300, label: '', stroke_width: 6 },
          ],
        }),
      SLOW,
    );
  });
});
