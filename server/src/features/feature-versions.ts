import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import type { AuditRow } from './feature-audits.ts';

/** A history row that made a version (created, updated, deleted); file changes make none. */
export type VersionRow = Pick<AuditRow, 'id' | 'layer_id' | 'event' | 'old_values' | 'new_values'> & {
  version: number;
};

/**
 * The feature's versions, newest first. `lockNewest` (inside a transaction) locks the newest
 * row: a deleted feature has no row of its own to lock, so two restores of it wait for each
 * other here and the second then sees the first's version.
 */
export async function versionRows(
  db: Queryable,
  featureId: number,
  lockNewest = false,
): Promise<VersionRow[]> {
  if (lockNewest)
    await db.query(
      `SELECT id FROM feature_audits WHERE auditable_id = $1 AND version IS NOT NULL
       ORDER BY version DESC, id DESC LIMIT 1 FOR UPDATE`,
      [featureId],
    );
  return db.query<VersionRow>(
    `SELECT id, layer_id, event, version, old_values, new_values FROM feature_audits
     WHERE auditable_id = $1 AND version IS NOT NULL ORDER BY version DESC, id DESC`,
    [featureId],
  );
}

/** Version 1 is the feature as loaded when nothing about it was recorded yet. */
export const currentVersion = (rows: readonly VersionRow[]): number => rows[0]?.version ?? 1;

/** 409: the feature changed since the version the caller saw; the body names the current one. */
export class VersionConflict extends HttpError {
  readonly current: number;

  constructor(current: number) {
    super(409, msg('feature_versions.conflict', { version: current }));
    this.current = current;
  }

  override body(request: FastifyRequest): Record<string, unknown> {
    return { ...super.body(request), current_version: this.current };
  }
}

export function assertSeen(seen: number | undefined, current: number): void {
  if (seen !== undefined && seen !== current) throw new VersionConflict(current);
}

type Values = Record<string, unknown>;

/**
 * The feature's values (properties plus `geometry`) at `target`, from its values now (null
 * when deleted) by undoing every newer row: an update's old values (null: was absent), a
 * deletion's full old values, a creation's absence. Null when it did not exist at `target`.
 */
export function valuesAt(current: Values | null, rows: readonly VersionRow[], target: number): Values | null {
  let state = current === null ? null : { ...current };
  for (const row of rows) {
    if (row.version <= target) break;
    if (row.event === 'created') state = null;
    else if (row.event === 'deleted') state = { ...(row.old_values ?? {}) };
    else if (row.event === 'updated') {
      const next: Values = { ...(state ?? {}) };
      for (const [name, value] of Object.entries(row.old_values ?? {})) {
        if (value === null) delete next[name];
        else next[name] = value;
      }
      state = next;
    }
  }
  return state;
}

/** Splits recorded values into the stored properties and the geometry (null when none). */
export function propertiesAndGeometry(values: Values): { properties: Values; geometry: unknown } {
  const { geometry = null, ...properties } = values;
  return { properties, geometry };
}
