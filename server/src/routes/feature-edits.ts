import { mapForFeatures, userIdOf } from '../features/feature-access.ts';
import { saveFeatureEdits } from '../features/feature-edits.ts';
import { setValuesOnSelection } from '../features/feature-multi-edit.ts';
import { withFiles } from '../features/feature-rows.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Saving an editing session, and setting values on a selection. */
export const routeHandlers = typedHandlers({
  async updateFeatures({ services: { db }, auth, params, body }) {
    // The document gives this save, deletions included, to editors: it is their `update Feature`.
    await mapForFeatures(db, auth.ability, params.id, 'update');
    const outcome = await saveFeatureEdits(db, params.id, body, userIdOf(auth.user));
    // Deleted features' attachment bytes stay on disk: a restore brings the features back whole.
    return {
      status: 200,
      body: { data: { updated: await withFiles(db, outcome.updated), deleted_ids: outcome.deletedIds } },
    };
  },

  async updateMultiSelectFeatures({ services: { db }, auth, params, body }) {
    await mapForFeatures(db, auth.ability, params.id, 'update');
    const count = await setValuesOnSelection(db, params.id, body, userIdOf(auth.user));
    return { status: 200, body: { data: { layer_id: body.layer_id, updated_count: count } } };
  },
});
