import type { components } from '@generated/openapi-types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { LayerRow } from '../maps/records.ts';
import { MAX_ID } from '../openapi/text-rules.ts';

type Relation = components['schemas']['LayerRelation'];
type RelationInput = components['schemas']['LayerRelationInput'];

/** Every relation the layer takes part in, as parent or child. */
export async function relationsOfLayer(db: Queryable, layerId: number): Promise<Relation[]> {
  return db.query<Relation>(
    `SELECT r.id, r.parent_layer_id, r.child_layer_id, r.rule, r.tolerance_m,
       (SELECT count(*)::int FROM feature_links fl WHERE fl.relation_id = r.id) AS links_count
     FROM layer_relations r WHERE r.parent_layer_id = $1 OR r.child_layer_id = $1
     ORDER BY r.id`,
    [layerId],
  );
}

/** Link feature ids (1-based positions) that are not features of the given layer. */
async function strangers(db: Queryable, layerId: number, ids: readonly number[]): Promise<Set<number>> {
  const candidates = [...new Set(ids.filter((id) => id <= MAX_ID))];
  const found = await db.query<{ id: number }>(
    'SELECT id FROM features WHERE layer_id = $1 AND id = ANY($2::int[])',
    [layerId, candidates],
  );
  const inLayer = new Set(found.map((row) => row.id));
  return new Set(ids.filter((id) => !inLayer.has(id)));
}

async function relationErrors(
  db: Queryable,
  layer: LayerRow,
  children: readonly RelationInput[],
): Promise<Problems> {
  const errors: Problems = {};
  const add = (field: string, message: ReturnType<typeof msg>) => (errors[field] ??= []).push(message);
  const mapLayers = await db.query<{ id: number }>('SELECT id FROM layers WHERE map_id = $1', [layer.map_id]);
  const siblings = new Set(mapLayers.map((row) => row.id).filter((id) => id !== layer.id));
  const seen = new Set<number>();
  for (const [index, child] of children.entries()) {
    const at = `children.${index}`;
    if (!siblings.has(child.child_layer_id)) add(`${at}.child_layer_id`, msg('maps.relation_child_layer'));
    else if (seen.has(child.child_layer_id))
      add(`${at}.child_layer_id`, msg('maps.relation_duplicate_child'));
    seen.add(child.child_layer_id);
    if (child.rule === 'spatial' && child.tolerance_m === undefined)
      add(`${at}.tolerance_m`, msg('validation.required', { field: 'tolerance_m' }));
    if (child.rule !== 'manual' || !child.links?.length || !siblings.has(child.child_layer_id)) continue;
    const links = child.links;
    const badParents = await strangers(
      db,
      layer.id,
      links.map((link) => link.parent_feature_id),
    );
    const badChildren = await strangers(
      db,
      child.child_layer_id,
      links.map((link) => link.child_feature_id),
    );
    links.forEach((link, linkIndex) => {
      if (badParents.has(link.parent_feature_id))
        add(
          `${at}.links.${linkIndex}.parent_feature_id`,
          msg('maps.link_parent_feature', { id: link.parent_feature_id }),
        );
      if (badChildren.has(link.child_feature_id))
        add(
          `${at}.links.${linkIndex}.child_feature_id`,
          msg('maps.link_child_feature', { id: link.child_feature_id }),
        );
    });
  }
  return errors;
}

/**
 * Replaces the relations where this layer is the parent. A relation to a child that stays
 * keeps its id (and is updated); `manual` links are replaced by the ones sent (kept when `links`
 * is left out); `links` on a
 * `spatial` relation and `tolerance_m` on a `manual` one do not apply and are not stored.
 */
export async function replaceChildRelations(
  db: Database,
  layer: LayerRow,
  children: readonly RelationInput[],
): Promise<Relation[]> {
  return db.transaction(async (tx) => {
    const errors = await relationErrors(tx, layer, children);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    await tx.query(
      'DELETE FROM layer_relations WHERE parent_layer_id = $1 AND NOT child_layer_id = ANY($2::int[])',
      [layer.id, children.map((child) => child.child_layer_id)],
    );
    for (const child of children) {
      const manual = child.rule === 'manual';
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO layer_relations (parent_layer_id, child_layer_id, rule, tolerance_m) VALUES ($1, $2, $3, $4)
         ON CONFLICT (parent_layer_id, child_layer_id) DO UPDATE SET rule = EXCLUDED.rule, tolerance_m = EXCLUDED.tolerance_m
         RETURNING id`,
        [layer.id, child.child_layer_id, child.rule, manual ? null : (child.tolerance_m ?? null)],
      );
      const relationId = (rows[0] as { id: number }).id;
      // A manual relation sent without `links` keeps the ones it has: the relations form edits
      // rules and children, not links, and saving it must not wipe links made elsewhere.
      if (manual && child.links === undefined) continue;
      await tx.query('DELETE FROM feature_links WHERE relation_id = $1', [relationId]);
      const links = manual ? (child.links ?? []) : [];
      if (links.length > 0)
        await tx.query(
          `INSERT INTO feature_links (relation_id, parent_feature_id, child_feature_id)
           SELECT $1, p, c FROM unnest($2::int[], $3::int[]) AS l(p, c) ON CONFLICT DO NOTHING`,
          [
            relationId,
            links.map((link) => link.parent_feature_id),
            links.map((link) => link.child_feature_id),
          ],
        );
    }
    return relationsOfLayer(tx, layer.id);
  });
}
