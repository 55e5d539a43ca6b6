import { hiddenPropertiesOf, layerAsSeen, layerReadable, withoutHidden } from '../access/layer-view.ts';
import { featuresSource, parseMoment } from '../features/as-of.ts';
import { mapLayersForFeatures } from '../features/feature-access.ts';
import { SqlParams, timeRangeSql } from '../features/feature-filters.ts';
import { likePattern } from '../features/feature-rows.ts';
import { filteredFeatures, mainSearchMatches } from '../features/feature-search.ts';
import { invalid } from '../http/http-error.ts';
import { pageEnvelope, writtenPageEnvelope } from '@shared/http/pagination.ts';
import { msg } from '../i18n/messages.ts';
import { mainSearchesOfLayer } from '../map-parts/main-searches-store.ts';
import { toFeature } from '../maps/records.ts';
import { timePropertyOf } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

const MAIN_SEARCH_LIMIT = 20;

/** Finding features: the filter panel's `layers_filter` and the viewer's search box. */
export const routeHandlers = typedHandlers({
  async filterFeatures({ services: { db }, auth, params, query, body }) {
    const { layers: mapLayers } = await mapLayersForFeatures(db, auth.ability, params.id, 'read');
    // Only the layers the caller may read can be filtered, and not on their hidden properties.
    const readable = [...mapLayers.values()].filter((layer) => layerReadable(auth.ability, layer));
    // A time property hidden from the caller is no time to them (layerAsSeen drops it).
    const times = new Map(
      readable.map((layer) => [layer.id, timePropertyOf(layerAsSeen(auth.access, layer))]),
    );
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 15;
    const asOf = parseMoment(query.as_of, 'as_of');
    const layers = new Map(readable.map((layer) => [layer.id, layer]));
    const hiddenOf = (layerId: number) => hiddenPropertiesOf(auth.access, layerId);
    const answer = await filteredFeatures(db, {
      layersFilter: body.layers_filter,
      layers,
      hiddenOf,
      timeOf: (layerId) => times.get(layerId),
      asOf,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    const envelope = {
      page,
      perPage,
      total: answer.total,
      path: `/api/maps/${params.id}/filter-features`,
      query: { per_page: query.per_page, ...(asOf ? { as_of: asOf.toISOString() } : {}) },
    };
    // Features written already (hidden properties left out): the same JSON, sent as it is.
    if ('written' in answer)
      return {
        status: 200,
        body: Buffer.from(writtenPageEnvelope(answer.written, envelope)),
        headers: { 'Content-Type': 'application/json' },
      };
    return {
      status: 200,
      body: pageEnvelope(
        // Properties hidden from the caller on a layer are left out, in old values as in new.
        answer.features.map((feature) => ({
          ...feature,
          properties: withoutHidden(feature.properties, hiddenOf(feature.layer_id)),
        })),
        envelope,
      ),
    };
  },

  async searchMainFeatures({ services: { db }, auth, params, query, body }) {
    const { layers } = await mapLayersForFeatures(db, auth.ability, params.id, 'read');
    // A layer hidden from the caller has no main search for them; hidden properties are neither
    // searched (a match would tell their values) nor answered.
    const layer = layers.get(body.layer_id);
    const searches =
      layer && layerReadable(auth.ability, layer)
        ? await mainSearchesOfLayer(db, params.id, body.layer_id)
        : [];
    if (searches.length === 0) throw invalid({ layer_id: [msg('features.no_main_search')] });
    const hidden = hiddenPropertiesOf(auth.access, body.layer_id);
    const fields = [
      ...new Set(searches.flatMap((search) => [...search.fields, search.display_field])),
    ].filter((name) => !hidden.has(name));
    const shown = searches[0]?.display_field ?? '';
    const display = hidden.has(shown) ? '' : shown;
    const needle = body.search_value.trim();
    // As it was: the layer's rows then, searched by their values then.
    const asOf = parseMoment(query.as_of, 'as_of');
    const sql = new SqlParams();
    const layerId = sql.add(body.layer_id);
    const names = sql.add(fields);
    const pattern = sql.add(likePattern(needle));
    const prefix = sql.add(likePattern(needle).slice(1));
    const displayed = sql.add(display);
    const source = featuresSource(asOf, layerId, asOf ? sql.add(asOf.toISOString()) : '');
    const time =
      body.datetime === undefined
        ? 'TRUE'
        : timeRangeSql(
            layer ? timePropertyOf(layerAsSeen(auth.access, layer)) : undefined,
            body.datetime,
            sql,
          );
    // Best first: a value starting with the text, then the shortest display value, then id.
    const rows = await mainSearchMatches(db, {
      source,
      layerId,
      time,
      names,
      pattern,
      prefix,
      displayed,
      limit: MAIN_SEARCH_LIMIT,
      sql,
    });
    const data = rows.map((row) => {
      const feature = toFeature(row);
      return { ...feature, properties: withoutHidden(feature.properties, hidden) };
    });
    return { status: 200, body: { data } };
  },
});
