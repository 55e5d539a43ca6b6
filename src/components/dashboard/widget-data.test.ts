import { describe, expect, it } from 'vitest';
import type { Aggregation, LayerStyle, Widget } from '@generated/model';
import { chartRows, selectionOf, styleColor, styleLabel, widgetParams, widgetQuestion } from './widget-data';

const WIDGET: Widget = {
  id: 1,
  map_id: 1,
  layer_id: 10,
  title: 'Pipes by material',
  kind: 'category',
  chart: 'bar',
  scope: 'map',
  group_by: { property: 'material' },
  metrics: [{ op: 'count' }],
  filters: [{ property: 'status', operator: 'eq', value: 'in_service' }],
  limit: 8,
  order: 0,
  layout: { x: 0, y: 0, w: 6, h: 4 },
  created_at: '2026-01-10T09:00:00Z',
  updated_at: '2026-01-10T09:00:00Z',
};
const format = (n: number) => String(n);

describe('a widget question', () => {
  it('follows the map: its extent and the active filter on its layer join its own filters', () => {
    const question = widgetQuestion(
      WIDGET,
      {
        bbox: [-9.1234567, 38.7, -9.1, 38.8],
        appliedFilter: [
          { layer_id: 10, filters: [{ property: 'diameter_mm', operator: 'gte', value: 150 }] },
          { layer_id: 11, filters: [{ property: 'type', operator: 'eq', value: 'gate' }] },
        ],
      },
      null,
    );
    expect(question).toEqual({
      group_by: { property: 'material' },
      metrics: [{ op: 'count' }],
      limit: 8,
      filters: [
        { property: 'status', operator: 'eq', value: 'in_service' },
        { property: 'diameter_mm', operator: 'gte', value: 150 },
      ],
      bbox: [-9.123457, 38.7, -9.1, 38.8],
    });
  });

  it('on the whole layer ignores the extent and the viewer filter, but not a selection on its layer', () => {
    const selection = {
      layerId: 10,
      label: 'pvc',
      condition: { property: 'material', operator: 'eq' as const, value: 'pvc' },
    };
    const question = widgetQuestion(
      { ...WIDGET, scope: 'layer', filters: [] },
      {
        bbox: [0, 0, 1, 1],
        appliedFilter: [{ layer_id: 10, filters: [{ property: 'x', operator: 'eq', value: 1 }] }],
      },
      selection,
    );
    expect(question.bbox).toBeUndefined();
    expect(question.filters).toEqual([selection.condition]);
    expect(
      widgetQuestion({ ...WIDGET, layer_id: 11, filters: [] }, { bbox: null, appliedFilter: null }, selection)
        .filters,
    ).toBeUndefined();
  });
});

describe('a widget question under the time slider', () => {
  const time = { datetime: '2019-01-01/2020-12-31', layerIds: [10] };
  it('asks for the range when the widget follows the map and its layer has a time', () => {
    expect(widgetQuestion(WIDGET, { bbox: null, appliedFilter: null, time }, null).datetime).toBe(
      '2019-01-01/2020-12-31',
    );
  });

  it('leaves it out for a whole-layer widget and for a layer without time', () => {
    const scope = { bbox: null, appliedFilter: null, time };
    expect(widgetQuestion({ ...WIDGET, scope: 'layer' }, scope, null).datetime).toBeUndefined();
    expect(widgetQuestion({ ...WIDGET, layer_id: 11 }, scope, null).datetime).toBeUndefined();
  });
});

describe('chart rows and selections', () => {
  const aggregation: Aggregation = {
    groups: [
      { key: 'pvc', count: 3, metrics: [3] },
      { key: null, count: 1, metrics: [1] },
    ],
    other: { count: 2, metrics: [2] },
    total: { count: 6, metrics: [6] },
  };

  it('lists the groups, a missing value and other, in order', () => {
    expect(
      chartRows(aggregation, { none: '(none)', other: 'Other' }, format).map((row) => [row.label, row.value]),
    ).toEqual([
      ['pvc', 3],
      ['(none)', 1],
      ['Other', 2],
    ]);
  });

  it('names a date bucket as precisely as its interval', () => {
    const buckets: Aggregation = {
      groups: [{ key: '1987-03-01T00:00:00Z', count: 1, metrics: [1] }],
      other: null,
      total: { count: 1, metrics: [1] },
    };
    const labels = (interval?: 'day' | 'week' | 'month' | 'year') =>
      chartRows(buckets, { none: '', other: '' }, format, interval).map((row) => row.label);
    expect(labels('year')).toEqual(['1987']);
    expect(labels('month')).toEqual(['1987-03']);
    expect(labels('week')).toEqual(['1987-03-01']);
    expect(labels()).toEqual(['1987-03-01']);
  });

  it('a click on a value selects it; on a class selects the closed range; time buckets select nothing', () => {
    expect(selectionOf(WIDGET, { key: 'pvc', count: 3, metrics: [3] }, 'pvc')?.condition).toEqual({
      property: 'material',
      operator: 'eq',
      value: 'pvc',
    });
    const histogram = {
      ...WIDGET,
      kind: 'histogram' as const,
      group_by: { property: 'diameter_mm', breaks: [0, 100, 200] },
    };
    expect(selectionOf(histogram, { key: [100, 200], count: 1, metrics: [1] }, '100–200')?.condition).toEqual(
      {
        property: 'diameter_mm',
        operator: 'between',
        value: [100, 200],
      },
    );
    const time = {
      ...WIDGET,
      kind: 'time' as const,
      group_by: { property: 'install_date', interval: 'year' as const },
    };
    expect(selectionOf(time, { key: '1990-01-01T00:00:00Z', count: 1, metrics: [1] }, '1990')).toBeNull();
  });
});

describe('the colour of a group', () => {
  const base: LayerStyle = {
    stroke_color: '#333333',
    stroke_width: 2,
    fill_color: '#cccccc',
    point_radius: 4,
    label_property: null,
  };
  const categorized: LayerStyle = {
    ...base,
    kind: 'categorized',
    property: 'material',
    categories: [
      { value: 'pvc', color: '#1f77b4' },
      { value: 150, color: '#ff7f0e' },
    ],
  };
  const graduated: LayerStyle = {
    ...base,
    kind: 'graduated',
    property: 'diameter_mm',
    classes: [
      { min: 0, max: 100, color: '#eeeeee' },
      { min: 100, max: 300, color: '#888888' },
    ],
  };

  it('is the category colour of the value when the chart groups by the categorised property', () => {
    expect(styleColor(categorized, { property: 'material' }, 'pvc')).toBe('#1f77b4');
    expect(styleColor(categorized, { property: 'material' }, '150')).toBe('#ff7f0e');
    expect(styleColor(categorized, { property: 'material' }, 'steel')).toBeUndefined();
    expect(styleColor(categorized, { property: 'zone' }, 'pvc')).toBeUndefined();
    expect(styleColor({ ...categorized, kind: 'single' }, { property: 'material' }, 'pvc')).toBeUndefined();
  });

  it('names a group as the legend does when the chart groups by the categorised property', () => {
    const labelled: LayerStyle = {
      ...categorized,
      categories: [
        { value: 'cast_iron', label: 'Cast iron', color: '#8c510a' },
        { value: 'pvc', label: '', color: '#1f77b4' },
      ],
    };
    expect(styleLabel(labelled, { property: 'material' }, 'cast_iron')).toBe('Cast iron');
    // No label, another property, a value the legend does not list, a graduated style: no name.
    expect(styleLabel(labelled, { property: 'material' }, 'pvc')).toBeUndefined();
    expect(styleLabel(labelled, { property: 'zone' }, 'cast_iron')).toBeUndefined();
    expect(styleLabel(labelled, { property: 'material' }, 'steel')).toBeUndefined();
    expect(styleLabel(graduated, { property: 'diameter_mm' }, 300)).toBeUndefined();
  });

  it('is the class colour of the value or range when the chart groups by the graduated property', () => {
    expect(styleColor(graduated, { property: 'diameter_mm', breaks: [0, 100, 300] }, [100, 300])).toBe(
      '#888888',
    );
    expect(styleColor(graduated, { property: 'diameter_mm', breaks: [0, 50, 100] }, [50, 100])).toBe(
      '#eeeeee',
    );
    expect(styleColor(graduated, { property: 'diameter_mm' }, 300)).toBe('#888888');
    expect(styleColor(graduated, { property: 'diameter_mm' }, 400)).toBeUndefined();
    expect(styleColor(graduated, { property: 'install_date', interval: 'year' }, 100)).toBeUndefined();
  });
});

describe('a widget question at a past moment', () => {
  it('asks as_of the viewer’s moment, whatever the widget’s scope, and nothing for now', () => {
    const moment = '2026-03-01T12:00:00.000Z';
    expect(widgetParams({ bbox: null, appliedFilter: null, asOf: moment })).toEqual({ as_of: moment });
    expect(widgetParams({ bbox: null, appliedFilter: null, asOf: null })).toEqual({});
    expect(widgetParams({ bbox: null, appliedFilter: null })).toEqual({});
    // The moment is the query's, not the body's: the question itself is the same as now.
    const scope = { bbox: null, appliedFilter: null, asOf: moment };
    expect(widgetQuestion({ ...WIDGET, scope: 'layer' }, scope, null)).toEqual(
      widgetQuestion({ ...WIDGET, scope: 'layer' }, { bbox: null, appliedFilter: null }, null),
    );
  });
});
