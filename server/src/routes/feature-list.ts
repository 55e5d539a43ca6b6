import { parseMoment } from '../features/as-of.ts';
import { createFeature } from '../features/feature-create.ts';
import { mapLayerForFeatures, userIdOf } from '../features/feature-access.ts';
import { layerFeaturePage, parseFeatureSort, parseFeatureWhere } from '../features/feature-page.ts';
import { layerPageInOneStatement, rememberLayerShape } from '../features/page-statement.ts';
import { hiddenPropertiesOf, layerAsSeen, withoutHidden } from '../access/layer-view.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { timePropertyOf } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

/** A cursor beyond every id (`1e309` arrives as Infinity) means the same as the largest id. */
const cursor = (id: number | undefined) => (id === undefined ? undefined : Math.min(id, MAX_ID + 1));

/** A page whose rows leave out the properties the caller may not read. */
function withoutHiddenOnPage<P extends { data: { properties: Record<string, unknown> | null }[] }>(
  page: P,
  hidden: ReadonlySet<string>,
): P {
  if (hidden.size === 0) return page;
  const data = page.data.map((feature) => ({
    ...feature,
    properties: withoutHidden(feature.properties, hidden),
  }));
  return { ...page, data };
}

/** A layer's features: one page of them, and adding one. */
export const routeHandlers = typedHandlers({
  async listLayerFeatures({ services: { db }, auth, params, query }) {
    const request = {
      page: query.page ?? 1,
      perPage: query.per_page ?? 15,
      search: query.search?.trim() || undefined,
      afterId: cursor(query.after_id),
      beforeId: cursor(query.before_id),
      asOf: parseMoment(query.as_of, 'as_of'),
      path: `/api/maps/${params.id}/layers/${params.layer_id}/features`,
    };
    // A sort or a column filter needs the layer's schema first: those pages go the longer way.
    // So do searches by callers with properties hidden on this layer (the search must not match
    // those), and searches or numbered pages of the past, rebuilt from the history. A plain page
    // for such a caller takes the one statement too and leaves the hidden properties out of its
    // rows after (old values included).
    const hiddenHere = hiddenPropertiesOf(auth.access, params.layer_id);
    const simple =
      (request.asOf === undefined || request.search === undefined) &&
      query.datetime === undefined &&
      query.sort === undefined &&
      query.where_property === undefined &&
      query.where_value === undefined &&
      (hiddenHere.size === 0 || request.search === undefined);
    const direct = simple
      ? await layerPageInOneStatement(db, auth.ability, params.id, params.layer_id, request)
      : undefined;
    if (direct) return { status: 200, body: withoutHiddenOnPage(direct, hiddenHere) };
    const found = await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'read');
    // Hidden properties cannot be sorted or filtered on: to this caller the layer has none.
    const layer = layerAsSeen(auth.access, found.layer);
    const hidden = hiddenPropertiesOf(auth.access, layer.id);
    const versionKey = `${String(layer.version)}:${layer.created_at.getTime()}`;
    rememberLayerShape(layer.id, { featuresCount: layer.features_count, versionKey });
    const page = await layerFeaturePage(db, {
      ...request,
      hidden: [...hidden],
      layerId: layer.id,
      featuresCount: layer.features_count,
      versionKey,
      sort: parseFeatureSort(query.sort, layer),
      where: parseFeatureWhere(query.where_property, query.where_value, layer),
      // A time property hidden from the caller is none to them (layerAsSeen dropped it): a 422.
      time:
        query.datetime === undefined
          ? undefined
          : { property: timePropertyOf(layer), datetime: query.datetime },
    });
    return { status: 200, body: withoutHiddenOnPage(page, hidden) };
  },

  async createLayerFeature({ services: { db }, auth, params, body }) {
    const { layer } = await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'create');
    const feature = await createFeature(db, layer, body, userIdOf(auth.user));
    return { status: 201, body: { data: feature } };
  },
});
