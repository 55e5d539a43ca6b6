import RenderFeature from 'ol/render/Feature';
import type Circle from 'ol/style/Circle';
import type Style from 'ol/style/Style';
import { describe, expect, it } from 'vitest';
import type { LayerStyle } from '@generated/model';
import { styleOf } from '../layer-model';
import { layerStyleFunction } from './feature-style';

const BASE: LayerStyle = {
  stroke_color: '#777777',
  stroke_width: 1,
  fill_color: '#eeeeee',
  point_radius: 3,
  label_property: null,
};

const PIPES: LayerStyle = {
  ...BASE,
  kind: 'categorized',
  property: 'material',
  categories: [
    { value: 'cast_iron', label: 'Cast iron', color: '#8c2d04' },
    { value: 'pvc', label: 'PVC', color: '#1f78b4' },
  ],
  size: {
    property: 'diameter_mm',
    classes: [
      { min: 0, max: 150, stroke_width: 1.5 },
      { min: 150, max: 300, stroke_width: 3 },
      { min: 300, max: 600, stroke_width: 5 },
    ],
  },
};

const line = (id: number, properties: Record<string, unknown>) =>
  new RenderFeature('LineString', [0, 0, 10, 10], [4], 2, properties, id);
const point = (id: number, properties: Record<string, unknown>) =>
  new RenderFeature('Point', [0, 0], [], 2, properties, id);

const layer = (style: LayerStyle) => ({ style }) as Parameters<typeof styleOf>[0];

describe('the style function of a thematic layer', () => {
  it('colours each line by its category and widens it by its size class', () => {
    const styles = layerStyleFunction(styleOf(layer(PIPES)), [], null);
    const drawn = (properties: Record<string, unknown>) => {
      const stroke = (styles(line(1, properties), 10) as Style).getStroke();
      return [stroke?.getColor(), stroke?.getWidth()];
    };
    expect(drawn({ material: 'cast_iron', diameter_mm: 100 })).toEqual(['#8c2d04', 1.5]);
    expect(drawn({ material: 'pvc', diameter_mm: 200 })).toEqual(['#1f78b4', 3]);
    expect(drawn({ material: 'pvc', diameter_mm: 600 })).toEqual(['#1f78b4', 5]);
    // Not a listed value: the layer's own colour ("Other"); no diameter: its own width.
    expect(drawn({ material: 'steel' })).toEqual(['#777777', 1]);
  });

  it('fills each point by the graduated class its number falls in, with the class radius', () => {
    const style: LayerStyle = {
      ...BASE,
      kind: 'graduated',
      property: 'flow_lps',
      classes: [
        { min: 0, max: 10, color: '#fee5d9', point_radius: 3 },
        { min: 10, max: 20, color: '#a50f15', point_radius: 6 },
      ],
    };
    const styles = layerStyleFunction(styleOf(layer(style)), [], null);
    const image = (flow: unknown) => (styles(point(1, { flow_lps: flow }), 10) as Style).getImage() as Circle;
    expect([image(4).getFill()?.getColor(), image(4).getRadius()]).toEqual(['#fee5d9', 3]);
    expect([image(15).getFill()?.getColor(), image(15).getRadius()]).toEqual(['#a50f15', 6]);
    expect([image('20').getFill()?.getColor(), image('20').getRadius()]).toEqual(['#a50f15', 6]);
    expect([image(null).getFill()?.getColor(), image(null).getRadius()]).toEqual(['#eeeeee', 3]);
  });

  it('draws a stored style without a kind as one symbol, as before', () => {
    const styles = layerStyleFunction(styleOf(layer({ ...BASE, stroke_color: '#123456' })), [], null);
    const stroke = (styles(line(1, { material: 'pvc' }), 10) as Style).getStroke();
    expect(stroke?.getColor()).toBe('#123456');
  });

  it('gives features of one class the same style object (cached per class)', () => {
    const styles = layerStyleFunction(styleOf(layer(PIPES)), [], null);
    const a = styles(line(1, { material: 'pvc', diameter_mm: 100 }), 10);
    const b = styles(line(2, { material: 'pvc', diameter_mm: 110 }), 10);
    const c = styles(line(3, { material: 'cast_iron', diameter_mm: 110 }), 10);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});

describe('the style function under the time slider', () => {
  it('draws only the features whose time lies in the range, and those without a time', () => {
    const style = {
      ...styleOf(layer(BASE)),
      time: { property: 'install_date', from: '2019-01-01', to: '2020-12-31' },
    };
    const styles = layerStyleFunction(style, [], null);
    expect(styles(line(1, { install_date: '2019-06-14' }), 10)).toBeDefined();
    expect(styles(line(2, { install_date: '2018-12-31' }), 10)).toBeUndefined();
    expect(styles(line(3, { install_date: '2021-01-01' }), 10)).toBeUndefined();
    expect(styles(line(4, {}), 10)).toBeDefined();
  });
});
