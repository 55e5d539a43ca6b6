import { createHash } from 'node:crypto';
import { withoutHiddenText } from '../access/layer-view.ts';
import type { Queryable } from '../db/database.ts';
import type { BeforeWrite } from '../features/feature-edits.ts';
import { HttpError } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import type { LayerRow } from '../maps/records.ts';

/** The feature's version: its newest history row that changed it, 1 when none (as feature-versions.ts). */
export const VERSION_SQL = `(SELECT coalesce(max(a.version), 1) FROM feature_audits a
  WHERE a.auditable_id = ft.id AND a.version IS NOT NULL)`;

const SHOWN_ALL: ReadonlySet<string> = new Set();

/**
 * A strong ETag per version of a feature as served: its version number and a hash of the
 * geometry and properties sent. The hash also changes when a schema change rewrites values
 * without a history row, so If-Match never lets a write through over an unseen change. The
 * properties hidden from the caller are not hashed: an ETag must not let anyone test a guess
 * of a value they may not read.
 */
export function etagOf(
  version: number,
  geometry: string | null,
  properties: string,
  hidden: ReadonlySet<string> = SHOWN_ALL,
): string {
  const sent = hidden.size === 0 ? properties : withoutHiddenText(properties, hidden);
  const hash = createHash('sha256')
    .update(`${geometry ?? 'null'}\n${sent}`)
    .digest('hex')
    .slice(0, 16);
  return `"${version}-${hash}"`;
}

const schemaNulls = (layer: LayerRow) =>
  JSON.stringify(Object.fromEntries(layer.properties.map((property) => [property.name, null])));

/**
 * The feature's ETag now (inside a write, after its row is locked), or undefined when it is
 * gone; as the caller with these hidden properties is sent it.
 */
export async function currentEtag(
  db: Queryable,
  layer: LayerRow,
  featureId: number,
  hidden: ReadonlySet<string> = SHOWN_ALL,
): Promise<string | undefined> {
  const [row] = await db.query<{ version: number; geometry: string | null; properties: string }>(
    `SELECT ${VERSION_SQL} AS version, ST_AsGeoJSON(ft.geom, 9) AS geometry,
       ($3::jsonb || ft.properties)::text AS properties
     FROM features ft WHERE ft.id = $1 AND ft.layer_id = $2`,
    [featureId, layer.id, schemaNulls(layer)],
  );
  return row ? etagOf(Number(row.version), row.geometry, row.properties, hidden) : undefined;
}

/** `If-Match` as sent: `*`, or a list of ETags (weak ones never match, RFC 9110 13.1.1). */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((entry) => entry.trim())
    .some((entry) => entry === etag);
}

/**
 * With `If-Match`, the check run on the locked row before anything is written: a stale
 * version is 412 and the save writes nothing. Without it, no check (as before).
 */
export function ifMatchGuard(
  header: unknown,
  layer: LayerRow,
  featureId: number,
  hidden: ReadonlySet<string> = SHOWN_ALL,
): BeforeWrite | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  return async (tx) => {
    const etag = await currentEtag(tx, layer, featureId, hidden);
    if (etag === undefined || !matches(header, etag))
      throw new HttpError(412, msg('ogc.stale_version', { etag: etag ?? '-' }), {
        headers: etag ? { ETag: etag } : {},
      });
  };
}
