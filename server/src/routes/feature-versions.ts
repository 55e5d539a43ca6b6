import { deletedFeaturesOfLayer } from '../features/deleted-features.ts';
import { mapForFeatures, mapLayerForFeatures, userIdOf } from '../features/feature-access.ts';
import { restoreFeatureVersion } from '../features/feature-restore.ts';
import { splitFeature } from '../features/feature-split.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Restore, deleted features and split: authorised like a save of edits (`update Feature`). */
export const featureVersionHandlers = typedHandlers({
  async restoreFeatureVersion({ services: { db }, auth, params, body }) {
    await mapForFeatures(db, auth.ability, params.id, 'update');
    const feature = await restoreFeatureVersion(db, params.id, params.feature_id, body, userIdOf(auth.user));
    return { status: 200, body: { data: feature } };
  },

  async splitFeature({ services: { db }, auth, params, body }) {
    await mapForFeatures(db, auth.ability, params.id, 'update');
    const pieces = await splitFeature(db, params.id, params.feature_id, body, userIdOf(auth.user));
    return { status: 201, body: { data: pieces } };
  },

  async listDeletedFeatures({ services: { db }, auth, params, query }) {
    await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'update');
    const page = await deletedFeaturesOfLayer(db, params.layer_id, query.per_page ?? 15, query.before);
    return { status: 200, body: { data: page.data, meta: { next_before: page.nextBefore } } };
  },
});
