import type { Queryable } from '../db/database.ts';
import type { LayerRow } from '../maps/records.ts';
import type { TemporalExtent } from './ogc-documents.ts';
import { timePropertyOf } from './ogc-items.ts';

/**
 * Computed ranges by layer, kept while the layer's version (bumped by every feature change)
 * and time property stay: the collections list then reads a large layer's range once, not on
 * every request.
 */
const cache = new Map<number, { key: string; extent: TemporalExtent }>();
const MAX_CACHED = 1000;

/** The range of the layer's time property over its features; undefined when it has none. */
export async function temporalExtent(db: Queryable, layer: LayerRow): Promise<TemporalExtent | undefined> {
  const property = timePropertyOf(layer);
  if (!property) return undefined;
  const key = `${String(layer.version)}:${property}`;
  const known = cache.get(layer.id);
  if (known?.key === key) return known.extent;
  const [row] = await db.query<{ first: Date | null; last: Date | null }>(
    `SELECT min(lower(s.span)) AS first,
       max(CASE WHEN upper_inc(s.span) THEN upper(s.span) ELSE upper(s.span) - interval '1 second' END) AS last
     FROM (SELECT feature_time_span(ft.properties ->> $2::text) AS span FROM features ft WHERE ft.layer_id = $1) s`,
    [layer.id, property],
  );
  const iso = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : new Date(value).toISOString().replace('.000Z', 'Z');
  const extent: TemporalExtent = [iso(row?.first), iso(row?.last)];
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(layer.id, { key, extent });
  return extent;
}
