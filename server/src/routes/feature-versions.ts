import { parseMoment } from '../features/as-of.ts';
import { layerChanges } from '../features/layer-changes.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { pageEnvelope } from '@shared/http/pagination.ts';
import { msg } from '../i18n/messages.ts';
import { deletedFeaturesOfLayer } from '../features/deleted-features.ts';
import { mapForFeatures, mapLayerForFeatures, userIdOf } from '../features/feature-access.ts';
import { restoreFeatureVersion } from '../features/feature-restore.ts';
import { splitFeature } from '../features/feature-split.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Restore, deleted features and split: authorised like a save of edits (`update Feature`). */
export const routeHandlers = typedHandlers({
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

  async listLayerChanges({ services: { db }, auth, params, query }) {
    // Who changed what is history: for signed-in readers of the layer, as a feature's history is.
    if (!auth.user) throw notFound();
    await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'read');
    const from = parseMoment(query.from, 'from');
    const to = parseMoment(query.to, 'to');
    if (!from || !to)
      throw invalid({
        [from ? 'to' : 'from']: [msg('validation.required', { field: from ? 'to' : 'from' })],
      });
    if (to < from) throw invalid({ to: [msg('time.to_before_from')] });
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 15;
    const { data, total } = await layerChanges(db, params.layer_id, from, to, page, perPage);
    return {
      status: 200,
      body: pageEnvelope(data, {
        page,
        perPage,
        total,
        path: `/api/maps/${params.id}/layers/${params.layer_id}/changes`,
        query: { per_page: query.per_page, from: query.from, to: query.to },
      }),
    };
  },
});
