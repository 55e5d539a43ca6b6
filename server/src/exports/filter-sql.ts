import type { components } from '@generated/openapi-types.ts';
import { layerConditionsSql, SqlParams } from '../features/feature-filters.ts';

/**
 * `layers_filter` conditions as SQL over `features` (alias ft): the very translation
 * filter-features uses, so an export of a filter holds what the filter found (its own
 * translation left parameter types to PostgreSQL, and mixed value types were a 500).
 */
export type LayerFilter = components['schemas']['LayerFilter'];
export { SqlParams };

/** All of the layer's conditions (AND), its bbox and time range, or `TRUE` when there are none. */
export function layerFilterSql(filter: LayerFilter, params: SqlParams, timeProperty?: string): string {
  return layerConditionsSql(filter, params, timeProperty);
}
