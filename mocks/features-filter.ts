import type { Feature, FilterCondition, LayerFilter } from '../generated/model';
import { timeProblem } from './features-time';
import { townLayers } from './town';

const isTownLayer = (layerId: number) => townLayers().some((layer) => layer.id === layerId);

type Scalar = string | number | boolean;

/**
 * `layers_filter` refusals as the server names them (server/src/features/feature-filters.ts):
 * a layer not on the map, or a value whose shape does not fit its operator.
 */
export function layersFilterProblems(layersFilter: readonly LayerFilter[]): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  layersFilter.forEach((entry, index) => {
    if (!isTownLayer(entry.layer_id))
      problems[`layers_filter.${index}.layer_id`] = ['This layer is not on the map.'];
    const time = timeProblem(entry.layer_id, entry.datetime);
    if (time) problems[`layers_filter.${index}.datetime`] = [time];
    entry.filters.forEach((condition, at) => {
      const list = Array.isArray(condition.value);
      const problem =
        condition.operator === 'in'
          ? list
            ? undefined
            : 'This operator takes a list of values.'
          : condition.operator === 'between'
            ? list && (condition.value as Scalar[]).length === 2
              ? undefined
              : 'This operator takes exactly two values.'
            : list
              ? 'This operator takes a single value.'
              : undefined;
      if (problem) problems[`layers_filter.${index}.filters.${at}.value`] = [problem];
    });
  });
  return problems;
}

/** The stored value as text, as PostgreSQL's `->>` gives it (undefined when absent or null). */
const asText = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** gte/lte as the server compares: numerically against a number (numbers only), else as text. */
function compare(value: unknown, bound: Scalar, holds: (order: number) => boolean): boolean {
  if (typeof bound === 'number') return typeof value === 'number' && holds(value - bound);
  const text = asText(value);
  return text !== undefined && holds(text < String(bound) ? -1 : text > String(bound) ? 1 : 0);
}

/** One condition with the server's SQL semantics: eq matches the JSON value or its text. */
export function conditionHolds(feature: Feature, condition: FilterCondition): boolean {
  const value = feature.properties[condition.property];
  const wanted = condition.value;
  const equals = (scalar: Scalar) => value === scalar || asText(value) === String(scalar);
  switch (condition.operator) {
    case 'eq':
      return equals(wanted as Scalar);
    case 'neq':
      return !equals(wanted as Scalar);
    case 'in':
      return (wanted as Scalar[]).some((item) => asText(value) === String(item));
    case 'contains': {
      const text = asText(value);
      return text !== undefined && text.toLowerCase().includes(String(wanted).toLowerCase());
    }
    case 'gte':
      return compare(value, wanted as Scalar, (order) => order >= 0);
    case 'lte':
      return compare(value, wanted as Scalar, (order) => order <= 0);
    case 'between': {
      const [low, high] = wanted as [Scalar, Scalar];
      return compare(value, low, (order) => order >= 0) && compare(value, high, (order) => order <= 0);
    }
  }
}
