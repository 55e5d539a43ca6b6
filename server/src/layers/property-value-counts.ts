import type { components } from '@generated/openapi-types.ts';
import type { Queryable } from '../db/database.ts';

type PropertyValues = components['schemas']['PropertyValues'];
type Value = PropertyValues['values'][number]['value'];

/**
 * What one property of a layer holds, for classifying a style from the data: the `limit`
 * most frequent scalar values with their counts, and the numeric range. Two grouped scans
 * of the layer's rows (features_layer_id index); the answer is bounded by `limit`.
 */
export async function propertyValueCounts(
  db: Queryable,
  layerId: number,
  property: string,
  limit: number,
): Promise<PropertyValues> {
  // One row more than asked tells whether there were more.
  const rows = await db.query<{ value: Value; count: number }>(
    `SELECT properties -> $2 AS value, count(*)::int AS count
       FROM features
      WHERE layer_id = $1 AND jsonb_typeof(properties -> $2) IN ('string', 'number', 'boolean')
      GROUP BY properties -> $2
      ORDER BY count(*) DESC, properties -> $2
      LIMIT $3`,
    [layerId, property, limit + 1],
  );
  const [range] = await db.query<{ min: string | number | null; max: string | number | null }>(
    `SELECT min((properties ->> $2)::numeric) AS min, max((properties ->> $2)::numeric) AS max
       FROM features
      WHERE layer_id = $1 AND jsonb_typeof(properties -> $2) = 'number'`,
    [layerId, property],
  );
  return {
    property,
    values: rows.slice(0, limit),
    truncated: rows.length > limit,
    // numeric comes back as text from PostgreSQL drivers.
    range:
      range && range.min !== null && range.max !== null
        ? { min: Number(range.min), max: Number(range.max) }
        : null,
  };
}
