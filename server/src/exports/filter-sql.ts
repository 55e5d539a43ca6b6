import type { components } from '../../../generated/openapi-types.ts';

/**
 * `layers_filter` conditions as SQL over `features` (alias ft), with the same operators as
 * filter-features (DESIGN §4). The features handlers keep their own translation for now;
 * both follow the operator rules of the document's FilterCondition.
 */
export type LayerFilter = components['schemas']['LayerFilter'];
type Condition = LayerFilter['filters'][number];
type Scalar = string | number | boolean;

/** Collects bind values so callers can append their own after the filter's. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const asList = (value: Condition['value']): Scalar[] => (Array.isArray(value) ? value : [value]);

/** Numbers and booleans compare as such; text compares as text. */
function typedProperty(property: string, sample: Scalar, params: SqlParams): string {
  const text = `(ft.properties ->> ${params.add(property)})`;
  if (typeof sample === 'number')
    return `(CASE WHEN jsonb_typeof(ft.properties -> ${params.add(property)}) = 'number' THEN ${text}::double precision END)`;
  if (typeof sample === 'boolean')
    return `(CASE WHEN jsonb_typeof(ft.properties -> ${params.add(property)}) = 'boolean' THEN ${text}::boolean END)`;
  return text;
}

function conditionSql(condition: Condition, params: SqlParams): string {
  const values = asList(condition.value);
  const first = values[0] ?? '';
  const property = typedProperty(condition.property, first, params);
  switch (condition.operator) {
    case 'eq':
      return `${property} = ${params.add(first)}`;
    case 'neq':
      return `${property} IS DISTINCT FROM ${params.add(first)}`;
    case 'in':
      return `(${values.map((value) => `${typedProperty(condition.property, value, params)} = ${params.add(value)}`).join(' OR ')})`;
    case 'contains':
      return `(ft.properties ->> ${params.add(condition.property)}) ILIKE ${params.add(`%${escapeLike(String(first))}%`)}`;
    case 'gte':
      return `${property} >= ${params.add(first)}`;
    case 'lte':
      return `${property} <= ${params.add(first)}`;
    case 'between': {
      const last = values[1] ?? first;
      return `${property} BETWEEN ${params.add(first)} AND ${params.add(last)}`;
    }
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** All of the layer's conditions (AND) and its bbox, or `TRUE` when there are none. */
export function layerFilterSql(filter: LayerFilter, params: SqlParams): string {
  const parts = filter.filters.map((condition) => conditionSql(condition, params));
  if (filter.bbox) {
    const [west, south, east, north] = filter.bbox;
    parts.push(
      `ft.geom && ST_MakeEnvelope(${params.add(west)}, ${params.add(south)}, ${params.add(east)}, ${params.add(north)}, 4326)`,
    );
  }
  return parts.length === 0 ? 'TRUE' : parts.map((part) => `(${part})`).join(' AND ');
}
