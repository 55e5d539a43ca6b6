import type { components } from '@generated/openapi-types.ts';
import type { LayerAccess, MapRole, Visibility } from '@shared/access/roles.ts';
import type { Queryable } from '../db/database.ts';

type MapAccessInput = components['schemas']['MapAccessInput'];
type Grant = NonNullable<MapAccessInput['grants']>[number];
type Rule = NonNullable<MapAccessInput['layer_rules']>[number];

/** A grant of a map as its access page lists it, with the name of its user or group. */
export interface MapGrantRow {
  user_id: number | null;
  group_id: number | null;
  role: MapRole;
  name: string;
}

/** A layer rule of a map as its access page lists it, with the name of its user or group. */
export interface LayerRuleRow {
  layer_id: number;
  user_id: number | null;
  group_id: number | null;
  access: LayerAccess;
  hidden_properties: string[];
  read_only_properties: string[];
  name: string | null;
}

/** The map's visibility; undefined when there is no such map. */
export async function mapVisibility(db: Queryable, mapId: number): Promise<Visibility | undefined> {
  const rows = await db.query<{ visibility: Visibility }>(`SELECT visibility FROM maps WHERE id = $1`, [
    mapId,
  ]);
  return rows[0]?.visibility;
}

/** Users first (by name), then groups. */
export function mapGrants(db: Queryable, mapId: number): Promise<MapGrantRow[]> {
  return db.query<MapGrantRow>(
    `SELECT g.user_id, g.group_id, g.role, COALESCE(u.name, gr.name) AS name
     FROM map_grants g LEFT JOIN users u ON u.id = g.user_id LEFT JOIN groups gr ON gr.id = g.group_id
     WHERE g.map_id = $1 ORDER BY g.group_id IS NOT NULL, lower(COALESCE(u.name, gr.name)), g.id`,
    [mapId],
  );
}

export function mapLayerRules(db: Queryable, mapId: number): Promise<LayerRuleRow[]> {
  return db.query<LayerRuleRow>(
    `SELECT r.layer_id, r.user_id, r.group_id, r.access, r.hidden_properties, r.read_only_properties,
            COALESCE(u.name, gr.name) AS name
     FROM layer_rules r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN groups gr ON gr.id = r.group_id
     WHERE r.map_id = $1 ORDER BY r.layer_id, r.id`,
    [mapId],
  );
}

/** Holds the map's row until the transaction ends: serialises concurrent changes of its access. */
export async function lockMap(tx: Queryable, mapId: number): Promise<void> {
  await tx.query(`SELECT id FROM maps WHERE id = $1 FOR UPDATE`, [mapId]);
}

export async function setMapVisibility(tx: Queryable, mapId: number, visibility: Visibility): Promise<void> {
  await tx.query(`UPDATE maps SET visibility = $2 WHERE id = $1`, [mapId, visibility]);
}

/** Replaces every grant of the map; a grant naming a user names no group. */
export async function replaceMapGrants(
  tx: Queryable,
  mapId: number,
  grants: readonly Grant[],
): Promise<void> {
  await tx.query(`DELETE FROM map_grants WHERE map_id = $1`, [mapId]);
  for (const grant of grants)
    await tx.query(`INSERT INTO map_grants (map_id, user_id, group_id, role) VALUES ($1, $2, $3, $4)`, [
      mapId,
      grant.user_id ?? null,
      grant.user_id ? null : (grant.group_id ?? null),
      grant.role,
    ]);
}

/** Replaces every layer rule of the map. */
export async function replaceLayerRules(tx: Queryable, mapId: number, rules: readonly Rule[]): Promise<void> {
  await tx.query(`DELETE FROM layer_rules WHERE map_id = $1`, [mapId]);
  for (const rule of rules)
    await tx.query(
      `INSERT INTO layer_rules (map_id, layer_id, user_id, group_id, access, hidden_properties, read_only_properties)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
      [
        mapId,
        rule.layer_id,
        rule.user_id ?? null,
        rule.group_id ?? null,
        rule.access,
        JSON.stringify(rule.hidden_properties ?? []),
        JSON.stringify(rule.read_only_properties ?? []),
      ],
    );
}
