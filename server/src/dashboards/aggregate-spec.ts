import type { components } from '@generated/openapi-types.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { layersFilterProblems } from '../features/feature-filters.ts';
import type { LayerRow } from '../maps/records.ts';

type Schemas = components['schemas'];
export type AggregateRequest = Schemas['AggregateRequest'];
export type GroupBy = Schemas['GroupBy'];
export type Metric = Schemas['Metric'];
export type FilterCondition = Schemas['FilterCondition'];

const NUMBER_TYPES = new Set(['number', 'integer']);
const LINES = new Set(['LineString', 'MultiLineString']);
const POLYGONS = new Set(['Polygon', 'MultiPolygon']);

/** What a layer offers to group and measure, as the caller sees it (hidden properties left out). */
export interface LayerShape {
  geometryType: string | null;
  /** name → declared type, without the caller's hidden properties. */
  types: ReadonlyMap<string, string>;
}

export function layerShape(
  layer: Pick<LayerRow, 'geometry_type' | 'properties'>,
  hidden: ReadonlySet<string>,
): LayerShape {
  const types = new Map<string, string>();
  for (const property of layer.properties ?? [])
    if (!hidden.has(property.name)) types.set(property.name, property.type);
  return { geometryType: layer.geometry_type ?? null, types };
}

/**
 * Why a property cannot be measured (summed, averaged, put in classes), or undefined when it
 * can: a number property, `$length` of a line layer or `$area` of a polygon layer. A property
 * hidden from the caller reads as unknown, so the answer does not confirm it exists.
 */
function measureProblem(shape: LayerShape, property: string) {
  if (property === '$length')
    return LINES.has(shape.geometryType ?? '') ? undefined : msg('dashboards.no_length');
  if (property === '$area')
    return POLYGONS.has(shape.geometryType ?? '') ? undefined : msg('dashboards.no_area');
  const type = shape.types.get(property);
  if (type === undefined) return msg('maps.property_unknown', { name: property });
  return NUMBER_TYPES.has(type) ? undefined : msg('dashboards.not_a_number', { name: property });
}

function groupProblems(shape: LayerShape, groupBy: GroupBy, problems: Problems): void {
  if (groupBy === null) return;
  const property = groupBy.property;
  if ('breaks' in groupBy) {
    const problem = measureProblem(shape, property);
    if (problem) problems['group_by.property'] = [problem];
    if (groupBy.breaks.some((value, at) => at > 0 && value <= (groupBy.breaks[at - 1] ?? value)))
      problems['group_by.breaks'] = [msg('dashboards.breaks_order')];
    return;
  }
  const type = shape.types.get(property);
  if (type === undefined) {
    problems['group_by.property'] = [msg('maps.property_unknown', { name: property })];
    return;
  }
  if ('interval' in groupBy && type !== 'date')
    problems['group_by.property'] = [msg('dashboards.not_a_date', { name: property })];
}

/**
 * Per-field problems of an aggregation over one layer: unknown or hidden properties, a
 * non-number property measured, an interval over a non-date, breaks that do not increase,
 * filters of the wrong shape (the map filter model's own checks).
 */
export function aggregateProblems(
  shape: LayerShape,
  request: Pick<AggregateRequest, 'group_by' | 'metrics' | 'filters'>,
  layerId: number,
): Problems {
  const problems: Problems = {};
  groupProblems(shape, request.group_by, problems);
  request.metrics.forEach((metric, at) => {
    if (metric.op === 'count') return;
    const problem = measureProblem(shape, metric.property);
    if (problem) problems[`metrics.${at}.property`] = [problem];
  });
  const filters = request.filters ?? [];
  filters.forEach((condition, at) => {
    if (!shape.types.has(condition.property))
      problems[`filters.${at}.property`] = [msg('maps.property_unknown', { name: condition.property })];
  });
  const shapeProblems = layersFilterProblems([{ layer_id: layerId, filters }], new Set([layerId]));
  for (const [field, messages] of Object.entries(shapeProblems))
    problems[field.replace(/^layers_filter\.0\./, '')] = messages;
  return problems;
}
