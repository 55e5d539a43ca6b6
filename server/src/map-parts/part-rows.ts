import type { Queryable } from '../db/database.ts';
import { canOn, type Action, type AppAbility, type SubjectType } from '@shared/access/abilities.ts';
import { forbidden, notFound } from '../domain-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { MAX_ID } from '../openapi/text-rules.ts';

/** ListOrder's maximum in the document: answers must stay inside it. */
export const ORDER_MAX = 10_000;

/**
 * The per-map lists (saved searches, main searches, filters) share one shape: rows of one table
 * with `map_id` and `order`. An id under another map is 404, never a row of that other map.
 */
export interface PartTable {
  table: 'searches' | 'main_searches' | 'filters';
  /** The alias the `*_COLUMNS` list of records.ts uses. */
  alias: string;
  columns: string;
  subject: Exclude<SubjectType, 'all'>;
}

export async function listParts<Row>(db: Queryable, part: PartTable, mapId: number): Promise<Row[]> {
  return db.query<Row>(
    `SELECT ${part.columns} FROM ${part.table} ${part.alias}
     WHERE ${part.alias}.map_id = $1 ORDER BY ${part.alias}."order", ${part.alias}.id`,
    [mapId],
  );
}

/** The row of the map, locked for the rest of the transaction when `lock` is set; otherwise 404. */
export async function partOr404<Row>(
  db: Queryable,
  part: PartTable,
  mapId: number,
  id: number,
  lock = false,
): Promise<Row> {
  const rows = await db.query<Row>(
    `SELECT ${part.columns} FROM ${part.table} ${part.alias}
     WHERE ${part.alias}.id = $1 AND ${part.alias}.map_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, mapId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

/** The object-level check: the operation-level one already passed for the subject type. */
export function authorize(
  ability: AppAbility,
  action: Action,
  part: Pick<PartTable, 'subject'>,
  row: object,
): void {
  if (!canOn(ability, action, part.subject, { ...row })) throw forbidden();
}

/** A new entry without an `order` goes to the end of the map's list. */
export async function nextOrder(db: Queryable, part: PartTable, mapId: number): Promise<number> {
  const rows = await db.query<{ next: number }>(
    `SELECT COALESCE(max("order") + 1, 0)::int AS next FROM ${part.table} WHERE map_id = $1`,
    [mapId],
  );
  return Math.min(rows[0]?.next ?? 0, ORDER_MAX);
}

/** Body ids are unbounded in the document; PostgreSQL integers are not, and a larger one names nothing. */
export const isStorableId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= MAX_ID;

/** Names are trimmed (Laravel's TrimStrings); one that is only spaces is missing. */
export function requiredText(value: string, field: string, errors: Problems): string {
  const text = value.trim();
  if (text === '') errors[field] = [msg('validation.required', { field })];
  return text;
}

export const hasProblems = (errors: Problems): boolean => Object.keys(errors).length > 0;
