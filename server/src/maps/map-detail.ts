import type { Queryable } from '../db/database.ts';
import type { AccessSnapshot } from '../access/access-snapshot.ts';
import { hiddenPropertiesOf, layerAsSeen, layerReadable } from '../access/layer-view.ts';
import type { AppAbility } from '@shared/access/abilities.ts';
import { BOOKMARK_COLUMNS, toBookmark, type BookmarkRow } from '../map-parts/bookmarks-store.ts';
import { CATEGORY_COLUMNS, toCategory } from '../map-parts/categories-store.ts';
import {
  LAYER_COLUMNS,
  toLayer,
  toMap,
  type CategoryBody,
  type FilterBody,
  type LayerRow,
  type MainSearchBody,
  type MapRow,
  type SearchBody,
} from './records.ts';
import { SEARCHES, toSearch } from '../map-parts/searches-store.ts';
import { MAIN_SEARCHES, toMainSearch } from '../map-parts/main-searches-store.ts';
import { FILTERS, toFilter } from '../map-parts/filters-store.ts';
import { listParts } from '../map-parts/part-rows.ts';
import type { SuccessBodyOf } from '../openapi/typed-handlers.ts';
import { temporalExtent } from '../ogc/ogc-temporal-extent.ts';

/**
 * Layers as answered to a reader, each with its time's range (`time_extent`, the OGC
 * collection's temporal extent, cached per layer version), so a time slider spans real data.
 * `layers` are as the caller sees them: a hidden time property gives no range, nor does a
 * layer none of whose features has a time.
 */
export async function withTimeExtents(db: Queryable, layers: readonly LayerRow[]) {
  return Promise.all(
    layers.map(async (layer) => {
      const [first, last] = (await temporalExtent(db, layer)) ?? [null, null];
      return { ...toLayer(layer), time_extent: first && last ? [first, last] : null };
    }),
  );
}

type MapDetail = SuccessBodyOf<'showMap'>['data'];

/**
 * Everything a viewer needs to open a map. Bookmarks are private: only the caller's own are
 * included, whoever the caller is (admins too).
 */
export async function mapDetail(
  db: Queryable,
  map: MapRow,
  options: { withLayers: boolean; userId: number | undefined; ability: AppAbility; access: AccessSnapshot },
): Promise<MapDetail> {
  const id = map.id;
  const { ability, access } = options;
  // Parts of layers hidden from the caller, and those naming hidden properties, are left out.
  const seen = (layerId: number | null, names: readonly (string | null | undefined)[]) => {
    if (layerId === null) return true;
    if (!layerReadable(ability, { id: layerId, map_id: id })) return false;
    const hidden = hiddenPropertiesOf(access, layerId);
    return names.every((name) => !name || !hidden.has(name));
  };
  const [layers, categories, searches, mainSearches, filters, bookmarks] = await Promise.all([
    options.withLayers
      ? db.query<LayerRow>(
          `SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.map_id = $1 AND l.import_job_id IS NULL ORDER BY l."order", l.id`,
          [id],
        )
      : Promise.resolve(undefined),
    db.query<CategoryBody>(
      `SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.map_id = $1 ORDER BY c."order", c.id`,
      [id],
    ),
    listParts<SearchBody>(db, SEARCHES, id),
    listParts<MainSearchBody>(db, MAIN_SEARCHES, id),
    listParts<FilterBody>(db, FILTERS, id),
    db.query<BookmarkRow>(
      `SELECT ${BOOKMARK_COLUMNS} FROM bookmarks b WHERE b.map_id = $1 AND b.user_id = $2 ORDER BY b.created_at, b.id`,
      [id, options.userId ?? 0],
    ),
  ]);
  return {
    ...toMap(map),
    ...(layers
      ? {
          layers: await withTimeExtents(
            db,
            layers
              .filter((layer) => layerReadable(ability, layer))
              .map((layer) => layerAsSeen(access, layer)),
          ),
        }
      : {}),
    categories: categories.map(toCategory),
    searches: searches.filter((row) => seen(row.layer_id, row.fields)).map(toSearch),
    main_searches: mainSearches
      .filter((row) => seen(row.layer_id, [...row.fields, row.display_field]))
      .map(toMainSearch),
    filters: filters.filter((row) => seen(row.layer_id, [row.property])).map(toFilter),
    bookmarks: bookmarks.map(toBookmark),
  };
}
