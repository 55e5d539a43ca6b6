import type { Database } from '../db/database.ts';
import { insertFeaturesSql } from '../features/features-store.ts';
import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { LayerRow } from '../maps/records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import type { BodyOf } from '../openapi/typed-handlers.ts';
import { categoryOfMap } from './layer-rules.ts';
import { layerRow, TOP_ORDER } from './layer-store.ts';

type LayerTransfer = BodyOf<'transferLayer'>;

async function transferErrors(db: Database, layer: LayerRow, body: LayerTransfer): Promise<Problems> {
  const target =
    body.target_map_id > MAX_ID
      ? []
      : await db.query('SELECT 1 FROM maps WHERE id = $1', [body.target_map_id]);
  if (target.length === 0) return { target_map_id: [msg('maps.target_map_missing')] };
  if (body.mode === 'move' && body.target_map_id === layer.map_id)
    return { target_map_id: [msg('maps.target_same_map')] };
  if (body.category_id != null && !(await categoryOfMap(db, body.target_map_id, body.category_id)))
    return { category_id: [msg('maps.category_other_map')] };
  return {};
}

/**
 * Moves or copies the layer to another map, on top of its layers, in one transaction.
 *
 * move: the layer keeps its id and features (and their files and history). Its searches, main
 * searches, filters and relations belong to the old map — they would point across maps — so
 * they are deleted (with a relation go its manual feature links). The old map's bookmarks may
 * still list the layer id among visible layers; the viewer ignores ids it does not know.
 *
 * copy: a new layer with the same settings and schema, and a copy of every feature made by one
 * INSERT … SELECT (the triggers then count them and set the extent). Attachments and history
 * stay with the original features: a copy starts its own history, and sharing files between
 * features would let deleting one remove the other's bytes. A copy to the same map is allowed.
 */
export async function transferLayer(
  db: Database,
  layer: LayerRow,
  body: LayerTransfer,
  userId: number,
): Promise<LayerRow> {
  const errors = await transferErrors(db, layer, body);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const categoryId = body.category_id ?? null;
  return db.transaction(async (tx) => {
    if (body.mode === 'move') {
      for (const table of ['searches', 'main_searches', 'filters'])
        await tx.query(`DELETE FROM ${table} WHERE layer_id = $1`, [layer.id]);
      await tx.query('DELETE FROM layer_relations WHERE parent_layer_id = $1 OR child_layer_id = $1', [
        layer.id,
      ]);
      await tx.query(
        `UPDATE layers SET map_id = $2, category_id = $3, "order" = ${TOP_ORDER('$2')}, updated_at = now()
         WHERE id = $1`,
        [layer.id, body.target_map_id, categoryId],
      );
      return layerRow(tx, layer.id);
    }
    const copied = await tx.query<{ id: number }>(
      `INSERT INTO layers (map_id, category_id, name, type, geometry_type, source, style, visible, opacity,
         min_zoom, max_zoom, "order", properties)
       SELECT $2, $3, name, type, geometry_type, source, style, visible, opacity, min_zoom, max_zoom,
         ${TOP_ORDER('$2')}, properties
       FROM layers WHERE id = $1
       RETURNING id`,
      [layer.id, body.target_map_id, categoryId],
    );
    const copyId = (copied[0] as { id: number }).id;
    // Each copy starts its history with a `created` row shaped like a created feature's.
    await tx.query(
      `WITH copied AS (${insertFeaturesSql(
        { layer: '$2', geom: 'geom', properties: 'properties', user: '$3' },
        'features WHERE layer_id = $1 ORDER BY id',
        'id, geom, properties',
      )})
       INSERT INTO feature_audits (layer_id, auditable_id, event, old_values, new_values, user_id)
       SELECT $2, id, 'created', NULL,
         properties || jsonb_build_object('geometry', ST_AsGeoJSON(geom, 9)::jsonb), $3
       FROM copied ORDER BY id`,
      [layer.id, copyId, userId],
    );
    return layerRow(tx, copyId);
  });
}
