import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Layer } from '@generated/model';
import { TOWN_LAYERS } from '@mocks/features-town-layers';
import { initTestI18n } from '../../testing/test-i18n';
import { LayerLegend } from './layer-legend';
import { SWATCH_OUTLINE } from './light-colour';

const i18n = initTestI18n();
const layerNamed = (name: string) => TOWN_LAYERS.find((layer) => layer.name === name) as Layer;
const show = (layer: Layer) =>
  render(
    <I18nextProvider i18n={i18n}>
      <LayerLegend layer={layer} />
    </I18nextProvider>,
  );
const rows = (group: HTMLElement) =>
  within(group)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('LayerLegend', () => {
  it('lists the pipe materials with their colours, "Other", and the widths by diameter', () => {
    show(layerNamed('Pipes'));
    const legend = screen.getByRole('group', { name: 'Legend of Pipes' });
    expect(within(legend).getByText('Material')).toBeVisible();
    expect(within(legend).getByText('Diameter (mm)')).toBeVisible();
    expect(rows(legend)).toEqual([
      'Cast iron',
      'Ductile iron',
      'Steel',
      'Asbestos cement',
      'PVC',
      'PE',
      'Other',
      '< 110 mm',
      '110 – 199 mm',
      '200 – 299 mm',
      '≥ 300 mm',
    ]);
    const castIron = within(legend).getByText('Cast iron').closest('li') as HTMLElement;
    expect(castIron.querySelector('path')).toHaveAttribute('stroke', '#8c510a');
    const widest = within(legend).getByText('≥ 300 mm').closest('li') as HTMLElement;
    expect(widest.querySelector('path')).toHaveAttribute('stroke-width', '4.5');
  });

  it('gives a graduated layer one swatch per class, labelled with its range', () => {
    show(layerNamed('Hydrants'));
    const legend = screen.getByRole('group', { name: 'Legend of Hydrants' });
    expect(rows(legend)).toEqual(['0 – 15', '15 – 30', '30 – 100']);
    const top = within(legend).getByText('30 – 100').closest('li') as HTMLElement;
    expect(top.querySelector('circle')).toHaveAttribute('fill', '#a50f15');
  });

  it('gives a single-symbol layer (a style stored without a kind) one swatch under its name', () => {
    show(layerNamed('Pressure zones'));
    const legend = screen.getByRole('group', { name: 'Legend of Pressure zones' });
    expect(rows(legend)).toEqual(['Pressure zones']);
    expect(legend.querySelector('rect')).toHaveAttribute('stroke', '#33a02c');
  });

  it('outlines a white line so it shows on the white panel', () => {
    const pipes = layerNamed('Pipes');
    show({
      ...pipes,
      name: 'Streets',
      style: {
        ...pipes.style,
        size: null,
        categories: [
          { value: 'street', label: 'Street', color: '#ffffff' },
          { value: 'avenue', label: 'Avenue', color: '#8c510a' },
        ],
      },
    });
    const legend = screen.getByRole('group', { name: 'Legend of Streets' });
    const strokes = (label: string) =>
      [...(within(legend).getByText(label).closest('li')?.querySelectorAll('path') ?? [])].map((path) =>
        path.getAttribute('stroke'),
      );
    expect(strokes('Street')).toEqual([SWATCH_OUTLINE, '#ffffff']);
    expect(strokes('Avenue')).toEqual(['#8c510a']);
  });
});
