import { hiddenPropertiesOf, layerReadable } from '../access/layer-view.ts';
import { mapForFeatures } from '../features/feature-access.ts';
import { featureHistory } from '../features/feature-audits.ts';
import { relatedFeatures } from '../features/feature-relatives.ts';
import { featureOfMap } from '../features/feature-rows.ts';
import { notFound } from '../http/http-error.ts';
import { typedHandlers, type TypedContext } from '../openapi/typed-handlers.ts';

/** The features related to a feature of the map by the layers' relations, one way. */
async function relativesOf(
  { services: { db }, auth, params }: TypedContext<'getFeatureChildren' | 'getFeatureParents'>,
  direction: 'children' | 'parents',
) {
  await mapForFeatures(db, auth.ability, params.id, 'read');
  if (!(await featureOfMap(db, params.id, params.feature_id))) throw notFound();
  return {
    status: 200 as const,
    body: { data: await relatedFeatures(db, params.id, params.feature_id, direction) },
  };
}

/** A feature's history and the features related to it by the layers' relations. */
export const routeHandlers = typedHandlers({
  async getFeatureHistory({ services: { db }, auth, params, query }) {
    // History (with editors' names) is for signed-in readers: not for a public map's guests.
    if (!auth.user) throw notFound();
    await mapForFeatures(db, auth.ability, params.id, 'read');
    // A deleted feature keeps its history, so the audit rows (scoped to the map) decide.
    const page = await featureHistory(
      db,
      params.id,
      params.feature_id,
      { perPage: query.per_page ?? 15, before: query.before, geometry: query.include_geometry === true },
      {
        readable: (layerId) => layerReadable(auth.ability, { id: layerId, map_id: params.id }),
        hidden: (layerId) => hiddenPropertiesOf(auth.access, layerId),
      },
    );
    if (
      page.data.length === 0 &&
      query.before === undefined &&
      !(await featureOfMap(db, params.id, params.feature_id))
    )
      throw notFound();
    return { status: 200, body: { data: page.data, meta: { next_before: page.nextBefore } } };
  },

  async getFeatureChildren(context) {
    return relativesOf(context, 'children');
  },

  async getFeatureParents(context) {
    return relativesOf(context, 'parents');
  },
});
