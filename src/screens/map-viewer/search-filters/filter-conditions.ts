import type { Filter, FilterCondition, LayerFilter } from '@generated/model';

/** What the user entered for one filter: a text, a list of choices, or a low/high pair. */
export type FilterValue = string | string[] | { low: string; high: string };

/** An option's typed value from its text (options keep their JSON type on the wire). */
function typed(filter: Filter, text: string): string | number | boolean {
  const option = filter.options?.find((candidate) => String(candidate.value) === text);
  return option ? option.value : text;
}

function conditionsOf(filter: Filter, value: FilterValue | undefined): FilterCondition[] {
  if (value === undefined) return [];
  const property = filter.property;
  if (Array.isArray(value)) {
    return value.length
      ? [{ property, operator: 'in', value: value.map((text) => typed(filter, text)) }]
      : [];
  }
  if (typeof value === 'object') {
    const asValue = (text: string) => (filter.type === 'range' ? Number(text) : text);
    return [
      ...(value.low !== '' ? [{ property, operator: 'gte' as const, value: asValue(value.low) }] : []),
      ...(value.high !== '' ? [{ property, operator: 'lte' as const, value: asValue(value.high) }] : []),
    ];
  }
  if (value === '') return [];
  if (filter.type === 'boolean') return [{ property, operator: 'eq', value: value === 'true' }];
  if (filter.type === 'text') return [{ property, operator: 'contains', value }];
  return [{ property, operator: 'eq', value: typed(filter, value) }];
}

/** The `layers_filter` of docs/decisions.md#layers-filter: one entry per layer that has a condition, bbox optional. */
export function layersFilterOf(
  filters: readonly Filter[],
  values: Readonly<Record<number, FilterValue>>,
  bbox: [number, number, number, number] | null,
): LayerFilter[] {
  const byLayer = new Map<number, FilterCondition[]>();
  for (const filter of filters) {
    const conditions = conditionsOf(filter, values[filter.id]);
    if (conditions.length)
      byLayer.set(filter.layer_id, [...(byLayer.get(filter.layer_id) ?? []), ...conditions]);
  }
  return [...byLayer].map(([layerId, conditions]) => ({
    layer_id: layerId,
    filters: conditions,
    ...(bbox ? { bbox } : {}),
  }));
}
