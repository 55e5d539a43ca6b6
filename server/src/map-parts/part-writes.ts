import { returnedRow, type Queryable } from '../db/database.ts';

/** A map part's table as its writes see it: the columns they answer with, under `alias`. */
interface WrittenTable {
  table: string;
  alias: string;
  columns: string;
}

/**
 * The insert (under a map) and the update (by id) of one kind of map part: `written` names the
 * columns a write sets, in the order `params` gives their values; both answer the row as read.
 */
export function partWrites<Values, Row>(
  part: WrittenTable,
  written: readonly string[],
  params: (values: Values) => unknown[],
) {
  const names = written.map((column) => (column === 'order' ? '"order"' : column));
  const placeholders = names.map((_, index) => `$${index + 2}`);
  const insertSql = `INSERT INTO ${part.table} AS ${part.alias} (map_id, ${names.join(', ')})
     VALUES ($1, ${placeholders.join(', ')}) RETURNING ${part.columns}`;
  const updateSql = `UPDATE ${part.table} AS ${part.alias} SET ${names.map((name, index) => `${name} = ${placeholders[index]}`).join(', ')}
     WHERE ${part.alias}.id = $1 RETURNING ${part.columns}`;
  return {
    insert: (tx: Queryable, mapId: number, values: Values) =>
      returnedRow<Row>(tx, insertSql, [mapId, ...params(values)]),
    update: (tx: Queryable, id: number, values: Values) =>
      returnedRow<Row>(tx, updateSql, [id, ...params(values)]),
  };
}
