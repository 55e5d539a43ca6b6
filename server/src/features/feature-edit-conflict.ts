import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';

/** 409: the feature changed since the version an edit was made from; the body names what changed. */
export class FeatureEditConflict extends HttpError {
  constructor(
    readonly featureId: number,
    readonly current: number,
    readonly changed: string[],
  ) {
    super(409, msg('features.edit_conflict', { id: featureId, version: current }));
  }

  override body(request: FastifyRequest): Record<string, unknown> {
    return {
      ...super.body(request),
      current_version: this.current,
      feature_id: this.featureId,
      changed: this.changed,
    };
  }
}

/**
 * Inside the save's transaction, after the feature's row is locked: if any version newer than
 * `seen` exists, nothing is written (409 with the properties, and `geometry`, those versions changed).
 */
export async function assertUnchangedSince(db: Queryable, featureId: number, seen: number): Promise<void> {
  const rows = await db.query<{ version: number; old_values: object | null; new_values: object | null }>(
    `SELECT version, old_values, new_values FROM feature_audits
     WHERE auditable_id = $1 AND version IS NOT NULL ORDER BY version DESC, id DESC`,
    [featureId],
  );
  const current = rows[0]?.version ?? 1;
  if (current === seen) return;
  const names = new Set<string>();
  for (const row of rows) {
    if (row.version <= seen) break;
    for (const name of [...Object.keys(row.old_values ?? {}), ...Object.keys(row.new_values ?? {})])
      names.add(name);
  }
  throw new FeatureEditConflict(featureId, current, [...names].sort());
}
