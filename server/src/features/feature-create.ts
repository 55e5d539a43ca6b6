import type { Database } from '../db/database.ts';
import { invalid } from '../domain-errors.ts';
import { msg } from '../i18n/messages.ts';
import { type FeatureBody, type LayerRow } from '../maps/records.ts';
import { insertFeature } from './features-store.ts';
import { writeAudits } from './feature-audits.ts';
import { featureSizeProblems, geometryProblems, type Geometry } from './feature-geometry.ts';
import { withFiles } from './feature-rows.ts';
import { propertyProblems, type FeatureProperties } from '@shared/features/property-rules.ts';

/** Refuses (422) a layer whose features are not stored here. */
export function assertVectorLayer(layer: Pick<LayerRow, 'type'>, field: string): void {
  if (layer.type !== 'vector') throw invalid({ [field]: [msg('features.not_vector')] });
}

/** Adds one feature and its `created` history entry in one transaction. */
export async function createFeature(
  db: Database,
  layer: LayerRow,
  input: { geometry: Geometry; properties: FeatureProperties },
  userId: number,
): Promise<FeatureBody> {
  assertVectorLayer(layer, 'layer_id');
  const problems = {
    ...geometryProblems(input.geometry, layer.geometry_type, 'geometry'),
    ...propertyProblems(layer.properties, input.properties, 'properties'),
  };
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const tooBig = featureSizeProblems(input, { geometry: 'geometry', properties: 'properties' });
  if (Object.keys(tooBig).length > 0) throw invalid(tooBig);
  // Empty strings of optional properties are stored as absent, like a cleared value.
  const properties = Object.fromEntries(
    Object.entries(input.properties).filter(([, value]) => value !== null && value !== ''),
  );
  const row = await db.transaction(async (tx) => {
    const created = await insertFeature(tx, {
      layerId: layer.id,
      geometryJson: JSON.stringify(input.geometry),
      properties,
      userId,
    });
    if (!created) throw new Error('feature insert returned nothing');
    await writeAudits(tx, [
      {
        layerId: layer.id,
        featureId: created.id,
        event: 'created',
        oldValues: null,
        newValues: { ...properties, geometry: created.geometry },
        userId,
      },
    ]);
    return created;
  });
  const [feature] = await withFiles(db, [row]);
  if (!feature) throw new Error('created feature vanished');
  return feature;
}
