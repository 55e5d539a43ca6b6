import { hiddenPropertiesOf, layerAsSeen, layerReadable, withoutHidden } from '../access/layer-view.ts';
import { featuresSource, parseMoment } from '../features/as-of.ts';
import { mapForFeatures } from '../features/feature-access.ts';
import { layersOfMap } from '../features/feature-edits.ts';
import { layersFilterSql, SqlParams, timeRangeSql } from '../features/feature-filters.ts';
import { COUNT_CAP, estimatedCount } from '../features/bounded-count.ts';
import { idsInBox, sameVersionSql } from '../features/point-index.ts';
import {
  featurePageSql,
  featuresWithFiles,
  likePattern,
  type FeatureRowWithFiles,
} from '../features/feature-rows.ts';
import { invalid } from '../http/http-error.ts';
import { pageEnvelope } from '@shared/http/pagination.ts';
import { msg } from '../i18n/messages.ts';
import { FEATURE_COLUMNS, toFeature, type FeatureRow } from '../maps/records.ts';
import { timePropertyOf } from '../ogc/ogc-items.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

const MAIN_SEARCH_LIMIT = 20;

/** The filtered layers as they were at `asOf`, one relation with the columns of `features`. */
function pastLayersSql(layersFilter: readonly { layer_id: number }[], asOf: Date, sql: SqlParams): string {
  const at = sql.add(asOf.toISOString());
  const layers = [...new Set(layersFilter.map((entry) => entry.layer_id))];
  if (layers.length === 0) return 'features';
  return `(${layers
    .map((id) => `SELECT * FROM ${featuresSource(asOf, sql.add(id), at)}`)
    .join(' UNION ALL ')})`;
}

/** Finding features: the filter panel's `layers_filter` and the viewer's search box. */
export const featureSearchHandlers = typedHandlers({
  async filterFeatures({ services: { db }, auth, params, query, body }) {
    await mapForFeatures(db, auth.ability, params.id, 'read');
    // Only the layers the caller may read can be filtered, and not on their hidden properties.
    const readable = [...(await layersOfMap(db, params.id)).values()].filter((layer) =>
      layerReadable(auth.ability, layer),
    );
    const layerIds = new Set(readable.map((layer) => layer.id));
    // A time property hidden from the caller is no time to them (layerAsSeen drops it).
    const times = new Map(
      readable.map((layer) => [layer.id, timePropertyOf(layerAsSeen(auth.access, layer))]),
    );
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 15;
    const asOf = parseMoment(query.as_of, 'as_of');
    const layers = new Map(readable.map((layer) => [layer.id, layer]));
    // A box over a big point layer of now: its point index names the ids inside (point-index.ts).
    const boxIds = body.layers_filter.map((entry) => {
      const layer = layers.get(entry.layer_id);
      return entry.bbox && layer && !asOf
        ? idsInBox(db, layer, entry.bbox as [number, number, number, number])
        : undefined;
    });
    const indexed = boxIds.some((ids) => ids !== undefined);
    const read = async (byIndex: boolean) => {
      const sql = new SqlParams();
      const where = layersFilterSql(
        body.layers_filter,
        layerIds,
        sql,
        (layerId) => hiddenPropertiesOf(auth.access, layerId),
        (layerId) => times.get(layerId),
        byIndex ? (index) => boxIds[index] : undefined,
      );
      // The indexes' layers still at the versions read (else the rows answer nothing: see below).
      const guards = byIndex
        ? body.layers_filter
            .filter((entry, index) => boxIds[index] !== undefined && layers.has(entry.layer_id))
            .map((entry) => sameVersionSql(layers.get(entry.layer_id)!, (value) => sql.add(value)))
        : [];
      const source = asOf ? pastLayersSql(body.layers_filter, asOf, sql) : 'features';
      // Filter results are a selection, not a whole layer: OFFSET paging (over ids only) is fine here.
      const pageSql = featurePageSql(
        `SELECT ft.id, ft.layer_id FROM ${source} ft WHERE ${where} ORDER BY ft.layer_id, ft.id`,
        'ft.layer_id, ft.id',
        perPage,
        (page - 1) * perPage,
        false,
        source,
      );
      // The capped count and the page in one statement (boundedCount's first step).
      const rows = await db.query<FeatureRowWithFiles & { matched: number; fresh: boolean }>(
        `SELECT c.matched, c.fresh, p.* FROM (
           SELECT (SELECT count(*)::int FROM (SELECT 1 FROM ${source} ft WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped) AS matched,
             ${guards.length > 0 ? guards.join(' AND ') : 'true'} AS fresh
         ) c LEFT JOIN LATERAL (${pageSql}) p ON true`,
        sql.values,
      );
      return { rows, where, sql, source };
    };
    let answer = await read(indexed);
    if (indexed && answer.rows[0]?.fresh !== true) answer = await read(false);
    const { rows, where, sql, source } = answer;
    const matched = Number(rows[0]?.matched ?? 0);
    const total = matched > COUNT_CAP ? await estimatedCount(db, where, sql.values, source) : matched;
    const found = rows
      .filter((row) => row.id !== null)
      .map(({ matched: _matched, fresh: _fresh, ...row }) => row as FeatureRowWithFiles);
    // Properties hidden from the caller on a layer are left out, in old values as in new.
    const data = featuresWithFiles(found).map((feature) => ({
      ...feature,
      properties: withoutHidden(feature.properties, hiddenPropertiesOf(auth.access, feature.layer_id)),
    }));
    return {
      status: 200,
      body: pageEnvelope(data, {
        page,
        perPage,
        total,
        path: `/api/maps/${params.id}/filter-features`,
        query: { per_page: query.per_page, ...(asOf ? { as_of: asOf.toISOString() } : {}) },
      }),
    };
  },

  async searchMainFeatures({ services: { db }, auth, params, query, body }) {
    await mapForFeatures(db, auth.ability, params.id, 'read');
    // A layer hidden from the caller has no main search for them; hidden properties are neither
    // searched (a match would tell their values) nor answered.
    const layer = (await layersOfMap(db, params.id)).get(body.layer_id);
    const searches =
      layer && layerReadable(auth.ability, layer)
        ? await db.query<{ fields: string[]; display_field: string }>(
            'SELECT fields, display_field FROM main_searches WHERE map_id = $1 AND layer_id = $2 ORDER BY "order", id',
            [params.id, body.layer_id],
          )
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
    const [names, pattern, prefix, displayed] = [
      fields,
      likePattern(needle),
      likePattern(needle).slice(1),
      display,
    ].map((value) => sql.add(value));
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
    const rows = await db.query<FeatureRow>(
      `SELECT ${FEATURE_COLUMNS} FROM ${source} ft
       WHERE ft.layer_id = ${layerId} AND ${time} AND EXISTS (
         SELECT 1 FROM unnest(${names}::text[]) f(name) WHERE ft.properties ->> f.name ILIKE ${pattern})
       ORDER BY NOT EXISTS (
           SELECT 1 FROM unnest(${names}::text[]) f(name) WHERE ft.properties ->> f.name ILIKE ${prefix}),
         length(coalesce(ft.properties ->> ${displayed}::text, '')), ft.id
       LIMIT ${MAIN_SEARCH_LIMIT}`,
      sql.values,
    );
    const data = rows.map((row) => {
      const feature = toFeature(row);
      return { ...feature, properties: withoutHidden(feature.properties, hidden) };
    });
    return { status: 200, body: { data } };
  },
});
