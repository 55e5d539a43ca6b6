import type { components } from '@generated/openapi-types.ts';
import type { Database } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { changedValues } from '@shared/features/changed-values.ts';
import { writeAudits } from './feature-audits.ts';
import { layersOfMap } from './feature-edits.ts';
import { propertyProblems, type FeatureProperties } from '@shared/features/property-rules.ts';

type UpdateMultiSelectRequest = components['schemas']['UpdateMultiSelectRequest'];

interface ChangedRow {
  id: number;
  before: FeatureProperties;
  after: FeatureProperties;
}

/**
 * The same values on every selected feature of one layer: all checked first, then one
 * UPDATE (only rows whose values really change) and their history rows in one transaction.
 * Answers how many features changed.
 */
export async function setValuesOnSelection(
  db: Database,
  mapId: number,
  request: UpdateMultiSelectRequest,
  userId: number,
): Promise<number> {
  const layer = (await layersOfMap(db, mapId)).get(request.layer_id);
  if (!layer) throw invalid({ layer_id: [msg('features.layer_not_on_map')] });
  if (layer.type !== 'vector') throw invalid({ layer_id: [msg('features.not_vector')] });
  const problems: Problems = propertyProblems(layer.properties, request.properties, 'properties', true);
  const found = await db.query<{ id: number }>(
    'SELECT id FROM features WHERE layer_id = $1 AND id = ANY($2::int[])',
    [layer.id, request.feature_ids],
  );
  const present = new Set(found.map((row) => row.id));
  request.feature_ids.forEach((id, index) => {
    if (!present.has(id)) problems[`feature_ids.${index}`] = [msg('features.not_on_map', { id })];
  });
  if (Object.keys(problems).length > 0) throw invalid(problems);

  const entries = Object.entries(request.properties);
  const setting = Object.fromEntries(entries.filter(([, value]) => value !== null));
  const clearing = entries.filter(([, value]) => value === null).map(([name]) => name);
  return db.transaction(async (tx) => {
    const rows = await tx.query<ChangedRow>(
      `WITH old AS (
         SELECT id, properties FROM features WHERE layer_id = $1 AND id = ANY($2::int[]) FOR UPDATE),
       changed AS (
         UPDATE features f SET properties = (f.properties || $3::jsonb) - $4::text[], updated_by = $5, updated_at = now()
         FROM old WHERE f.id = old.id AND (old.properties || $3::jsonb) - $4::text[] <> old.properties
         RETURNING f.id, f.properties)
       SELECT changed.id, old.properties AS before, changed.properties AS after
       FROM changed JOIN old ON old.id = changed.id ORDER BY changed.id`,
      [layer.id, request.feature_ids, JSON.stringify(setting), clearing, userId],
    );
    await writeAudits(
      tx,
      rows.flatMap((row) => {
        const change = changedValues(row.before, row.after);
        return change
          ? [
              {
                layerId: layer.id,
                featureId: row.id,
                event: 'updated' as const,
                oldValues: change.old,
                newValues: change.new,
                userId,
              },
            ]
          : [];
      }),
    );
    return rows.length;
  });
}
