import type { Queryable } from '../db/database.ts';
import { partMoment, partSource, type LayerPart } from './export-scope.ts';
import type { TextFormat } from './text-formats.ts';
import type { ExportField } from './writers/export-writer.ts';

/**
 * Features per query for the text formats. One query answers one row (the batch's text), so
 * a bigger batch costs only its text in memory (~150 bytes a feature) and saves round trips.
 */
export const TEXT_BATCH_SIZE = 10_000;

export interface TextBatch {
  count: number;
  text: string;
}

/**
 * The scope's features in id order as the format's text, a batch at a time (keyset on
 * (layer_id, id), read in that index's order): memory holds one batch, however large the layer.
 */
export async function* streamScopeText(
  db: Queryable,
  parts: LayerPart[],
  fields: ExportField[],
  format: TextFormat,
): AsyncGenerator<TextBatch> {
  for (const part of parts) {
    const n = part.params.length;
    const key = (index: number) => `$${n + 3 + index}`;
    const keyJson = (index: number) => `$${n + 3 + fields.length + index}`;
    const keyCount = fields.length * (format.keysAsJson ? 2 : 1);
    const source = partSource(part, `$${n + 1}`, `$${n + 3 + keyCount}`);
    const columns = format
      .columns(fields, key)
      .map((sql, index) => `${sql} AS c${index}`)
      .join(',\n');
    const sql = `SELECT max(s.id) AS last_id, count(*)::int AS count,
        string_agg(${format.line(fields, keyJson)}, '${format.separator.replaceAll("'", "''")}' ORDER BY s.id) AS text
      FROM (
        SELECT ft.id, ${columns}
        FROM ${source} ft
        WHERE ft.layer_id = $${n + 1} AND ft.id > $${n + 2} AND (${part.where})
        ORDER BY ft.layer_id, ft.id LIMIT ${TEXT_BATCH_SIZE}
      ) s`;
    let after = 0;
    for (;;) {
      const [batch] = await db.query<{ last_id: number | null; count: number; text: string | null }>(sql, [
        ...part.params,
        part.layerId,
        after,
        ...fields.map((field) => field.name),
        ...(format.keysAsJson ? fields.map((field) => `${JSON.stringify(field.name)}:`) : []),
        ...partMoment(part),
      ]);
      if (!batch || batch.last_id === null || batch.text === null) break;
      yield { count: batch.count, text: batch.text };
      after = batch.last_id;
      if (batch.count < TEXT_BATCH_SIZE) break;
    }
  }
}
