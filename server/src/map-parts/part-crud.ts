import type { SubjectType } from '@shared/access/abilities.ts';
import type { Queryable } from '../db/database.ts';
import type { AppAbility } from '@shared/access/abilities.ts';
import { invalid, notFound } from '../domain-errors.ts';
import type { Problems } from '../i18n/messages.ts';
import { layerReadable } from '../access/layer-view.ts';
import { mapFor } from '../maps/access.ts';
import type { OperationContext } from '../openapi/bind-operations.ts';
import type { BodyOf, OperationId, TypedHandlers } from '../openapi/typed-handlers.ts';
import { authorize, hasProblems, listParts, partOr404, type PartTable } from './part-rows.ts';

/**
 * The one CRUD walk of a map's parts (saved searches, main searches, filters, categories):
 * a part of another map is 404, the caller's ability is checked on the row itself, input
 * problems are collected and answered together (422), and every write is one transaction.
 * A part's route file gives only what differs: its checks and its SQL
 * (docs/decisions.md#map-parts).
 */
export interface PartKind<Row> {
  subject: Exclude<SubjectType, 'all'>;
  /** The row if it belongs to the map, locked for the transaction when `lock` is set; else 404. */
  find(db: Queryable, mapId: number, id: number, lock: boolean): Promise<Row>;
  /** Taken first by updates and deletes when changes of one map must take turns. */
  lockForChange?(tx: Queryable, mapId: number): Promise<void>;
}

/** The kind of a part kept in one of the per-map tables of part-rows.ts. */
export const tablePart = <Row>(part: PartTable): PartKind<Row> => ({
  subject: part.subject,
  find: (db, mapId, id, lock) => partOr404<Row>(db, part, mapId, id, lock),
});

/**
 * A create or an update: checks the input inside the transaction, putting every problem on
 * `errors`, and gives back the write to run when there are none.
 */
export type PartWrite<Row> = (tx: Queryable, errors: Problems) => Promise<() => Promise<Row>>;

/** The operations of one kind of part, by the verbs of its five operationIds. */
export interface PartOperationIds {
  list: OperationId;
  create: OperationId;
  read: OperationId;
  update: OperationId;
  remove: OperationId;
}

export interface PartRoutes<Ids extends PartOperationIds, Row> {
  kind: PartKind<Row>;
  /** The map the request names (a path id, or `?map_id` for categories). */
  mapOf(request: Pick<OperationContext, 'params' | 'query'>): number;
  /** The path parameter naming the part. */
  idParam: string;
  list(db: Queryable, mapId: number): Promise<Row[]>;
  create(body: BodyOf<Ids['create']>, mapId: number): PartWrite<Row>;
  update(body: BodyOf<Ids['update']>, mapId: number, current: Row): PartWrite<Row>;
  remove(tx: Queryable, row: Row): Promise<void>;
  toWire(row: Row): unknown;
}

/**
 * All a part kept in one of part-rows.ts's tables needs besides its checks and writes: it is
 * found, listed (in order) and deleted by its table, under the map of the path's `id`.
 */
export function tableRoutes<Row extends { id: number }>(
  part: PartTable,
  idParam: string,
  toWire: (row: Row) => unknown,
): Omit<PartRoutes<PartOperationIds, Row>, 'create' | 'update'> {
  return {
    kind: tablePart<Row>(part),
    mapOf: ({ params }) => params.id as number,
    idParam,
    list: (db, mapId) => listParts<Row>(db, part, mapId),
    toWire,
    remove: async (tx, row) => {
      await tx.query(`DELETE FROM ${part.table} WHERE id = $1`, [row.id]);
    },
  };
}

/** A part that names a layer hidden from the caller (a search, a filter) is hidden with it. */
function partOfReadableLayer(ability: AppAbility, mapId: number, row: object): boolean {
  const layerId = (row as { layer_id?: unknown }).layer_id;
  return typeof layerId !== 'number' || layerReadable(ability, { id: layerId, map_id: mapId });
}

async function checkedWrite<Row>(tx: Queryable, write: PartWrite<Row>): Promise<Row> {
  const errors: Problems = {};
  const run = await write(tx, errors);
  if (hasProblems(errors)) throw invalid(errors);
  return run();
}

/** The five handlers of a kind of part, registered under its operationIds. */
export function partHandlers<Ids extends PartOperationIds, Row extends object>(
  ids: Ids,
  routes: PartRoutes<Ids, Row>,
): TypedHandlers {
  const { kind } = routes;
  const idOf = (params: Record<string, unknown>) => params[routes.idParam] as number;
  const handlers: Record<string, (context: OperationContext) => Promise<{ status: number; body?: unknown }>> =
    {
      async [ids.list]({ params, query, services, auth }) {
        const mapId = routes.mapOf({ params, query });
        await mapFor(services.db, auth, mapId, 'read');
        const rows = await routes.list(services.db, mapId);
        const seen = rows.filter((row) => partOfReadableLayer(auth.ability, mapId, row));
        return { status: 200, body: { data: seen.map(routes.toWire) } };
      },
      async [ids.create]({ params, query, body, services, auth }) {
        const mapId = routes.mapOf({ params, query });
        await mapFor(services.db, auth, mapId, 'read');
        authorize(auth.ability, 'create', kind, { map_id: mapId });
        const write = routes.create(body as BodyOf<Ids['create']>, mapId);
        const created = await services.db.transaction((tx) => checkedWrite(tx, write));
        return { status: 201, body: { data: routes.toWire(created) } };
      },
      async [ids.read]({ params, query, services, auth }) {
        const mapId = routes.mapOf({ params, query });
        await mapFor(services.db, auth, mapId, 'read');
        const row = await kind.find(services.db, mapId, idOf(params), false);
        if (!partOfReadableLayer(auth.ability, mapId, row)) throw notFound();
        authorize(auth.ability, 'read', kind, row);
        return { status: 200, body: { data: routes.toWire(row) } };
      },
      async [ids.update]({ params, query, body, services, auth }) {
        const mapId = routes.mapOf({ params, query });
        await mapFor(services.db, auth, mapId, 'read');
        const updated = await services.db.transaction(async (tx) => {
          await kind.lockForChange?.(tx, mapId);
          const current = await kind.find(tx, mapId, idOf(params), true);
          authorize(auth.ability, 'update', kind, current);
          return checkedWrite(tx, routes.update(body as BodyOf<Ids['update']>, mapId, current));
        });
        return { status: 200, body: { data: routes.toWire(updated) } };
      },
      async [ids.remove]({ params, query, services, auth }) {
        const mapId = routes.mapOf({ params, query });
        await mapFor(services.db, auth, mapId, 'read');
        await services.db.transaction(async (tx) => {
          await kind.lockForChange?.(tx, mapId);
          const row = await kind.find(tx, mapId, idOf(params), true);
          authorize(auth.ability, 'delete', kind, row);
          await routes.remove(tx, row);
        });
        return { status: 204 };
      },
    };
  return handlers as unknown as TypedHandlers;
}
