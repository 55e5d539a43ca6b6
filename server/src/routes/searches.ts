import { invalid } from '../http/http-error.ts';
import type { Problems } from '../i18n/messages.ts';
import { searchableLayer, unknownPropertyErrors } from '../map-parts/layer-checks.ts';
import {
  authorize,
  hasProblems,
  listParts,
  nextOrder,
  partOr404,
  requiredText,
  type PartTable,
} from '../map-parts/part-rows.ts';
import { mapOr404 } from '../maps/map-scope.ts';
import { SEARCH_COLUMNS, toSearch, type SearchBody } from '../maps/records.ts';
import type { TypedHandlers } from '../openapi/typed-handlers.ts';

const SEARCHES: PartTable = { table: 'searches', alias: 's', columns: SEARCH_COLUMNS, subject: 'Search' };

/** Saved form searches of a map: a vector layer of the map and some of its property names. */
export const searchHandlers: TypedHandlers = {
  async listSearches({ params, services }) {
    await mapOr404(services.db, params.id);
    const rows = await listParts<SearchBody>(services.db, SEARCHES, params.id);
    return { status: 200, body: { data: rows.map(toSearch) } };
  },

  async createSearch({ params, body, services, auth }) {
    const { db } = services;
    const mapId = params.id;
    await mapOr404(db, mapId);
    authorize(auth.ability, 'create', SEARCHES, { map_id: mapId });
    const created = await db.transaction(async (tx) => {
      const errors: Problems = {};
      const name = requiredText(body.name, 'name', errors);
      const layer = await searchableLayer(tx, mapId, body.layer_id, errors);
      if (layer) unknownPropertyErrors(layer, 'fields', body.fields, errors);
      if (hasProblems(errors)) throw invalid(errors);
      const order = body.order ?? (await nextOrder(tx, SEARCHES, mapId));
      const rows = await tx.query<SearchBody>(
        `INSERT INTO searches AS s (map_id, layer_id, name, fields, operator, "order")
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SEARCH_COLUMNS}`,
        [mapId, body.layer_id, name, JSON.stringify(body.fields), body.operator ?? 'contains', order],
      );
      return rows[0] as SearchBody;
    });
    return { status: 201, body: { data: toSearch(created) } };
  },

  async getSearch({ params, services, auth }) {
    const search = await partOr404<SearchBody>(services.db, SEARCHES, params.id, params.search_id);
    authorize(auth.ability, 'read', SEARCHES, search);
    return { status: 200, body: { data: toSearch(search) } };
  },

  async updateSearch({ params, body, services, auth }) {
    const mapId = params.id;
    const updated = await services.db.transaction(async (tx) => {
      const current = await partOr404<SearchBody>(tx, SEARCHES, mapId, params.search_id, true);
      authorize(auth.ability, 'update', SEARCHES, current);
      const errors: Problems = {};
      const next = { ...current, ...body };
      if (body.name !== undefined) next.name = requiredText(body.name, 'name', errors);
      // Fields are checked against the layer whenever either changes (a new layer may lack them).
      if (body.layer_id !== undefined || body.fields !== undefined) {
        const layer = await searchableLayer(tx, mapId, next.layer_id, errors);
        if (layer) unknownPropertyErrors(layer, 'fields', next.fields, errors);
      }
      if (hasProblems(errors)) throw invalid(errors);
      const rows = await tx.query<SearchBody>(
        `UPDATE searches AS s SET layer_id = $2, name = $3, fields = $4, operator = $5, "order" = $6
         WHERE s.id = $1 RETURNING ${SEARCH_COLUMNS}`,
        [current.id, next.layer_id, next.name, JSON.stringify(next.fields), next.operator, next.order],
      );
      return rows[0] as SearchBody;
    });
    return { status: 200, body: { data: toSearch(updated) } };
  },

  async deleteSearch({ params, services, auth }) {
    await services.db.transaction(async (tx) => {
      const search = await partOr404<SearchBody>(tx, SEARCHES, params.id, params.search_id, true);
      authorize(auth.ability, 'delete', SEARCHES, search);
      await tx.query('DELETE FROM searches WHERE id = $1', [search.id]);
    });
    return { status: 204 };
  },
};
