import type {
  AggregateGroup,
  AggregateLayerParams,
  AggregateRequest,
  Aggregation,
  FilterCondition,
  LayerFilter,
  LayerStyle,
  Widget,
} from '@generated/model';

/** What a widget following the map takes from the viewer: its extent and the active filter. */
export interface ViewerScope {
  bbox: [number, number, number, number] | null;
  appliedFilter: readonly LayerFilter[] | null;
  /** The time slider's range (OGC `datetime`) and the layers it applies to (those with a time). */
  time?: { datetime: string; layerIds: readonly number[] } | null;
  /** The moment the map is shown as it was (ISO 8601), or null for now: every widget counts then. */
  asOf?: string | null;
}

/** A click on a bar, slice or class: features of `layerId` meeting `condition`. */
export interface Selection {
  layerId: number;
  label: string;
  condition: FilterCondition;
}

/**
 * The aggregate question a widget asks: its own grouping, metrics and filters, plus (when it
 * follows the map) the viewer's extent, its time range and its active filter on the widget's layer, plus the
 * dashboard's selection when that is on the same layer.
 */
export function widgetQuestion(
  widget: Widget,
  scope: ViewerScope,
  selection: Selection | null,
): AggregateRequest {
  const filters: FilterCondition[] = [...widget.filters];
  if (widget.scope === 'map') {
    const entry = scope.appliedFilter?.find((candidate) => candidate.layer_id === widget.layer_id);
    if (entry) filters.push(...entry.filters);
  }
  if (selection && selection.layerId === widget.layer_id) filters.push(selection.condition);
  return {
    group_by: widget.group_by,
    metrics: widget.metrics,
    limit: widget.limit,
    ...(filters.length > 0 ? { filters } : {}),
    ...(widget.scope === 'map' && scope.bbox ? { bbox: roundedBox(scope.bbox) } : {}),
    ...(widget.scope === 'map' && scope.time?.layerIds.includes(widget.layer_id)
      ? { datetime: scope.time.datetime }
      : {}),
  };
}

/**
 * The aggregation's query: the viewer's moment (`as_of`), whatever the widget's scope, since a
 * map shown as it was shows every layer then.
 */
export function widgetParams(scope: ViewerScope): AggregateLayerParams {
  return scope.asOf ? { as_of: scope.asOf } : {};
}

/** Six decimals (about 10 cm): tiny pans that change nothing visible ask nothing new. */
function roundedBox(bbox: readonly number[]): number[] {
  return bbox.map((value) => Math.round(value * 1e6) / 1e6);
}

/** A group's key as a reader sees it; `other` and missing values get the given words. */
export function keyLabel(
  key: AggregateGroup['key'],
  words: { none: string },
  format: (n: number) => string,
  interval?: DateInterval,
): string {
  if (key === null) return words.none;
  if (Array.isArray(key)) return `${format(key[0] ?? 0)} – ${format(key[1] ?? 0)}`;
  if (typeof key === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00Z$/.test(key))
    // A bucket's start, as precise as the bucket: 1987 for a year, 1987-03 for a month.
    return key.slice(0, interval === 'year' ? 4 : interval === 'month' ? 7 : 10);
  return String(key);
}

type DateInterval = Extract<NonNullable<Widget['group_by']>, { interval: unknown }>['interval'];

export interface ChartRow {
  label: string;
  value: number;
  group: AggregateGroup | null;
  /** The colour the map draws this group's features in, when the chart groups by the styled property. */
  color?: string;
}

/**
 * The colour of a group on the map: where the widget groups by the property the layer's style is
 * categorised or graduated by, the category of that value, or the class holding that value or
 * range. Anything else (another property, a value the style does not list) has none.
 */
export function styleColor(
  style: LayerStyle | undefined,
  groupBy: Widget['group_by'],
  key: AggregateGroup['key'],
): string | undefined {
  if (!style || !groupBy || 'interval' in groupBy || !style.property || style.property !== groupBy.property)
    return undefined;
  if (style.kind === 'categorized') return styleCategory(style, groupBy, key)?.color;
  if (style.kind !== 'graduated') return undefined;
  const classes = style.classes ?? [];
  if (Array.isArray(key)) {
    const [from = 0, to = 0] = key;
    const same = classes.find((entry) => entry.min === from && entry.max === to);
    const holding = classes.find((entry) => entry.min <= from && to <= entry.max);
    return (same ?? holding)?.color ?? undefined;
  }
  if (typeof key !== 'number') return undefined;
  const last = classes.at(-1);
  const holding = classes.find(
    (entry) => entry.min <= key && (key < entry.max || (entry === last && key === entry.max)),
  );
  return holding?.color ?? undefined;
}

/** The legend's entry for a group, where the widget groups by the property the layer's style is categorised by. */
function styleCategory(
  style: LayerStyle | undefined,
  groupBy: Widget['group_by'],
  key: AggregateGroup['key'],
) {
  if (!style || style.kind !== 'categorized' || !groupBy || 'interval' in groupBy || 'breaks' in groupBy)
    return undefined;
  if (!style.property || style.property !== groupBy.property || key === null || Array.isArray(key))
    return undefined;
  return style.categories?.find((category) => String(category.value) === String(key));
}

/**
 * A group's name as the legend gives it (`Cast iron` for `cast_iron`), where the widget groups by
 * the categorised property and the category has a label; otherwise none.
 */
export function styleLabel(
  style: LayerStyle | undefined,
  groupBy: Widget['group_by'],
  key: AggregateGroup['key'],
): string | undefined {
  return styleCategory(style, groupBy, key)?.label || undefined;
}

/** The rows a chart and its table show: one per group (first metric), then `other`. */
export function chartRows(
  aggregation: Aggregation,
  words: { none: string; other: string },
  format: (n: number) => string,
  interval?: DateInterval,
): ChartRow[] {
  const rows: ChartRow[] = aggregation.groups.map((group) => ({
    label: keyLabel(group.key, words, format, interval),
    value: group.metrics[0] ?? 0,
    group,
  }));
  if (aggregation.other)
    rows.push({ label: words.other, value: aggregation.other.metrics[0] ?? 0, group: null });
  return rows;
}

/** The filter a click on a group sets: its value, or its class as a closed range. */
export function selectionOf(widget: Widget, group: AggregateGroup, label: string): Selection | null {
  const groupBy = widget.group_by;
  if (groupBy === null || 'interval' in groupBy) return null;
  if ('breaks' in groupBy) {
    if (!Array.isArray(group.key) || groupBy.property.startsWith('$')) return null;
    return {
      layerId: widget.layer_id,
      label,
      condition: {
        property: groupBy.property,
        operator: 'between',
        value: [group.key[0] ?? 0, group.key[1] ?? 0],
      },
    };
  }
  if (group.key === null || Array.isArray(group.key)) return null;
  return {
    layerId: widget.layer_id,
    label,
    condition: { property: groupBy.property, operator: 'eq', value: group.key },
  };
}
