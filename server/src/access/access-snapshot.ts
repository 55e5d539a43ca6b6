import type { Queryable } from '../db/database.ts';
import type { AccessSnapshot } from '@shared/access/access-snapshot.ts';
import {
  baselineRole,
  higherRole,
  type LayerRule,
  type MapRole,
  type Visibility,
} from '@shared/access/roles.ts';

export type { AccessSnapshot };

export type Caller =
  | { kind: 'user'; id: number; type: 'admin' | 'editor' | 'user' }
  | { kind: 'guest' }
  | { kind: 'share'; mapId: number };

const RULE_COLUMNS = `r.map_id, r.layer_id, r.access, r.hidden_properties, r.read_only_properties`;

async function everyoneRules(db: Queryable, mapIds: number[]): Promise<LayerRule[]> {
  if (mapIds.length === 0) return [];
  return db.query<LayerRule>(
    `SELECT ${RULE_COLUMNS} FROM layer_rules r
     WHERE r.user_id IS NULL AND r.group_id IS NULL AND r.map_id = ANY($1::int[])`,
    [mapIds],
  );
}

/** The groups a user belongs to, by name. */
export async function groupsOf(db: Queryable, userId: number): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>(
    `SELECT g.id, g.name FROM groups g JOIN group_members gm ON gm.group_id = g.id
     WHERE gm.user_id = $1 ORDER BY lower(g.name), g.id`,
    [userId],
  );
}

async function userSnapshot(
  db: Queryable,
  user: { id: number; type: 'editor' | 'user' },
): Promise<AccessSnapshot> {
  const rows = await db.query<{ id: number; visibility: Visibility; role: MapRole | null }>(
    `WITH granted AS (
       SELECT g.map_id, (array_agg(g.role ORDER BY CASE g.role WHEN 'manager' THEN 3 WHEN 'editor' THEN 2 ELSE 1 END DESC))[1] AS role
       FROM map_grants g
       WHERE g.user_id = $1 OR g.group_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = $1)
       GROUP BY g.map_id)
     SELECT m.id, m.visibility, granted.role FROM maps m LEFT JOIN granted ON granted.map_id = m.id
     WHERE granted.role IS NOT NULL OR m.visibility <> 'private'`,
    [user.id],
  );
  const roles = new Map<number, MapRole>();
  const baseline = baselineRole(user.type);
  for (const row of rows) {
    const role = higherRole(row.role ?? undefined, row.visibility === 'private' ? undefined : baseline);
    if (role) roles.set(row.id, role);
  }
  const [rules, groups] = await Promise.all([
    db.query<LayerRule>(
      `SELECT ${RULE_COLUMNS} FROM layer_rules r
       WHERE r.user_id = $1
          OR r.group_id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = $1)
          OR (r.user_id IS NULL AND r.group_id IS NULL)`,
      [user.id],
    ),
    groupsOf(db, user.id),
  ]);
  return {
    roles,
    readOnlyMaps: new Set(),
    layerRules: rules.filter((rule) => roles.has(rule.map_id) && roles.get(rule.map_id) !== 'manager'),
    groups,
  };
}

/** Reads what the caller reaches now. Admins reach everything and need no snapshot. */
export async function loadSnapshot(db: Queryable, caller: Caller): Promise<AccessSnapshot> {
  if (caller.kind === 'user') {
    if (caller.type === 'admin')
      return {
        roles: new Map(),
        readOnlyMaps: new Set(),
        layerRules: [],
        groups: await groupsOf(db, caller.id),
      };
    return userSnapshot(db, { id: caller.id, type: caller.type });
  }
  const ids =
    caller.kind === 'share'
      ? [caller.mapId]
      : (await db.query<{ id: number }>(`SELECT m.id FROM maps m WHERE m.visibility = 'public'`)).map(
          (row) => row.id,
        );
  return {
    roles: new Map(ids.map((id) => [id, 'viewer' as const])),
    readOnlyMaps: new Set(ids),
    layerRules: await everyoneRules(db, ids),
    groups: [],
  };
}
