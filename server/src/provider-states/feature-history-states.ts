import { saveFeatureEdits } from '../features/feature-edits.ts';
import { resolve, signedIn } from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

/** Feature history states, made through the server's own save so versions and kept files are real. */
export const FEATURE_HISTORY_STATES: StateDefinition[] = [
  {
    key: 'featureEdited',
    name: 'a feature was edited',
    creates: 'The signed-in user saved these properties of an existing feature (its next version).',
    params: {
      map_id: 'Contract id of the map.',
      layer_id: 'Contract id of the layer.',
      id: 'Contract id of the feature.',
      properties: 'The saved attribute values.',
    },
    returns: {},
    setup: async (context, params) => {
      await saveFeatureEdits(
        context.db,
        resolve(context, 'map', params.map_id),
        {
          features: [
            {
              type: 'Feature',
              id: resolve(context, 'feature', params.id),
              layer_id: resolve(context, 'layer', params.layer_id),
              properties: (params.properties ?? {}) as Record<string, string | number | boolean | null>,
            },
          ],
        },
        signedIn(context, 'a feature was edited'),
      );
    },
  },
  {
    key: 'featureDeleted',
    name: 'a feature was deleted',
    creates: 'The signed-in user deleted an existing feature (kept for a restore).',
    params: { map_id: 'Contract id of the map.', id: 'Contract id of the feature.' },
    returns: {},
    setup: async (context, params) => {
      await saveFeatureEdits(
        context.db,
        resolve(context, 'map', params.map_id),
        { features: [], delete_ids: [resolve(context, 'feature', params.id)] },
        signedIn(context, 'a feature was deleted'),
      );
    },
  },
  {
    key: 'featureHistoryDated',
    name: 'a feature’s history is dated',
    creates:
      'The feature’s recorded changes (created, updated, deleted), oldest first, are dated at `times`; its row (if any) was created at the first and last changed at the last.',
    params: { id: 'Contract id of the feature.', times: 'ISO 8601 date-times, one per recorded change.' },
    returns: {},
    setup: async (context, params) => {
      const id = resolve(context, 'feature', params.id);
      const times = (params.times ?? []) as string[];
      await context.db.query(
        `UPDATE feature_audits a SET created_at = ($2::timestamptz[])[n.k]
         FROM (SELECT id, row_number() OVER (ORDER BY id)::int AS k FROM feature_audits
               WHERE auditable_id = $1 AND version IS NOT NULL) n
         WHERE a.id = n.id AND n.k <= cardinality($2::timestamptz[])`,
        [id, times],
      );
      await context.db.query(
        `UPDATE features SET created_at = ($2::timestamptz[])[1],
           updated_at = ($2::timestamptz[])[cardinality($2::timestamptz[])]
         WHERE id = $1 AND cardinality($2::timestamptz[]) > 0`,
        [id, times],
      );
    },
  },
];
