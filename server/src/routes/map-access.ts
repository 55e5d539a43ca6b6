import type { components } from '@generated/openapi-types.ts';
import { changeAccess, writeAccessLog } from '../access/change-access.ts';
import type { LayerAccess, MapRole, Visibility } from '@shared/access/roles.ts';
import { newShareSecret } from '../access/share-links.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import { likePattern } from '../features/feature-rows.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { pageEnvelope } from '@shared/http/pagination.ts';
import type { AuthState } from '../http/request-auth.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { mapForPart } from '../maps/access.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

type MapAccess = components['schemas']['MapAccess'];
type MapAccessInput = components['schemas']['MapAccessInput'];
type ShareLink = components['schemas']['ShareLink'];
type AccessCandidates = components['schemas']['AccessCandidates'];

/** How many people and how many groups one search for candidates answers at most. */
const CANDIDATES = 10;
const CANDIDATE_TEXT_MIN = 2;

/** Admins and the map's managers (`manage Access` on the map); a map one may not read is 404. */
const managedMap = (db: Queryable, auth: AuthState, mapId: number) =>
  mapForPart(db, auth, mapId, 'manage', 'Access');

export async function readMapAccess(db: Queryable, mapId: number): Promise<MapAccess> {
  const [map, grants, rules] = await Promise.all([
    db.query<{ visibility: Visibility }>(`SELECT visibility FROM maps WHERE id = $1`, [mapId]),
    db.query<{ user_id: number | null; group_id: number | null; role: MapRole; name: string }>(
      `SELECT g.user_id, g.group_id, g.role, COALESCE(u.name, gr.name) AS name
       FROM map_grants g LEFT JOIN users u ON u.id = g.user_id LEFT JOIN groups gr ON gr.id = g.group_id
       WHERE g.map_id = $1 ORDER BY g.group_id IS NOT NULL, lower(COALESCE(u.name, gr.name)), g.id`,
      [mapId],
    ),
    db.query<{
      layer_id: number;
      user_id: number | null;
      group_id: number | null;
      access: LayerAccess;
      hidden_properties: string[];
      read_only_properties: string[];
      name: string | null;
    }>(
      `SELECT r.layer_id, r.user_id, r.group_id, r.access, r.hidden_properties, r.read_only_properties,
              COALESCE(u.name, gr.name) AS name
       FROM layer_rules r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN groups gr ON gr.id = r.group_id
       WHERE r.map_id = $1 ORDER BY r.layer_id, r.id`,
      [mapId],
    ),
  ]);
  const visibility = map[0]?.visibility;
  if (!visibility) throw notFound();
  return { visibility, grants, layer_rules: rules };
}

/** Per-field problems of a new access setting: unknown users, groups, layers of other maps. */
async function accessProblems(db: Queryable, mapId: number, body: MapAccessInput): Promise<Problems> {
  const problems: Problems = {};
  const grants = body.grants ?? [];
  const rules = body.layer_rules ?? [];
  // An id past the integer columns' range names nothing (and must not reach a query).
  const ids = (values: (number | null | undefined)[]) =>
    values.filter((id): id is number => typeof id === 'number' && id <= MAX_ID);
  const userIds = ids([...grants, ...rules].map((entry) => entry.user_id));
  const groupIds = ids([...grants, ...rules].map((entry) => entry.group_id));
  const [users, groups, layers] = await Promise.all([
    db.query<{ id: number }>(`SELECT id FROM users WHERE id = ANY($1::int[])`, [userIds]),
    db.query<{ id: number }>(`SELECT id FROM groups WHERE id = ANY($1::int[])`, [groupIds]),
    db.query<{ id: number }>(`SELECT id FROM layers WHERE map_id = $1`, [mapId]),
  ]);
  const knownUsers = new Set(users.map((row) => row.id));
  const knownGroups = new Set(groups.map((row) => row.id));
  const knownLayers = new Set(layers.map((row) => row.id));
  const add = (field: string, key: string) => {
    (problems[field] ??= []).push(msg(key));
  };
  const subjects = (field: string, entry: { user_id?: number | null; group_id?: number | null }) => {
    if (entry.user_id && !knownUsers.has(entry.user_id)) add(`${field}.user_id`, 'access.user_unknown');
    if (entry.group_id && !knownGroups.has(entry.group_id)) add(`${field}.group_id`, 'access.group_unknown');
  };
  const seen = new Set<string>();
  grants.forEach((grant, index) => {
    const field = `grants.${index}`;
    if (!grant.user_id === !grant.group_id) add(`${field}.user_id`, 'access.one_subject');
    subjects(field, grant);
    const key = grant.user_id ? `u${grant.user_id}` : `g${grant.group_id ?? ''}`;
    if (seen.has(key)) add(field, 'access.grant_repeated');
    seen.add(key);
  });
  rules.forEach((rule, index) => {
    const field = `layer_rules.${index}`;
    if (!knownLayers.has(rule.layer_id)) add(`${field}.layer_id`, 'access.layer_unknown');
    if (rule.user_id && rule.group_id) add(`${field}.user_id`, 'access.at_most_one_subject');
    subjects(field, rule);
  });
  return problems;
}

/** What of `before` the change touches, for the log: only the fields the request replaced. */
function touched(access: MapAccess, body: MapAccessInput): Record<string, unknown> {
  return Object.fromEntries(
    (['visibility', 'grants', 'layer_rules'] as const)
      .filter((key) => body[key] !== undefined)
      .map((key) => [key, access[key]]),
  );
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

interface ShareLinkRow {
  id: number;
  label: string;
  role: 'viewer';
  expires_at: Date | null;
  created_at: Date;
}

const toShareLink = (row: ShareLinkRow): ShareLink => ({
  id: row.id,
  label: row.label,
  role: row.role,
  expires_at: iso(row.expires_at),
  created_at: new Date(row.created_at).toISOString(),
});

export const mapAccessHandlers = typedHandlers({
  async getMapAccess({ services: { db }, auth, params }) {
    const map = await managedMap(db, auth, params.id);
    return { status: 200, body: { data: await readMapAccess(db, map.id) } };
  },

  async updateMapAccess({ services: { db }, auth, params, body }) {
    const map = await managedMap(db, auth, params.id);
    const problems = await accessProblems(db, map.id, body);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    await changeAccess(db, async (tx) => {
      // Serialises concurrent changes of one map's access, so each log entry's `before` is true.
      await tx.query(`SELECT id FROM maps WHERE id = $1 FOR UPDATE`, [map.id]);
      const before = await readMapAccess(tx, map.id);
      if (body.visibility !== undefined)
        await tx.query(`UPDATE maps SET visibility = $2 WHERE id = $1`, [map.id, body.visibility]);
      if (body.grants !== undefined) {
        await tx.query(`DELETE FROM map_grants WHERE map_id = $1`, [map.id]);
        for (const grant of body.grants)
          await tx.query(`INSERT INTO map_grants (map_id, user_id, group_id, role) VALUES ($1, $2, $3, $4)`, [
            map.id,
            grant.user_id ?? null,
            grant.user_id ? null : (grant.group_id ?? null),
            grant.role,
          ]);
      }
      if (body.layer_rules !== undefined) {
        await tx.query(`DELETE FROM layer_rules WHERE map_id = $1`, [map.id]);
        for (const rule of body.layer_rules)
          await tx.query(
            `INSERT INTO layer_rules (map_id, layer_id, user_id, group_id, access, hidden_properties, read_only_properties)
             VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
            [
              map.id,
              rule.layer_id,
              rule.user_id ?? null,
              rule.group_id ?? null,
              rule.access,
              JSON.stringify(rule.hidden_properties ?? []),
              JSON.stringify(rule.read_only_properties ?? []),
            ],
          );
      }
      const after = await readMapAccess(tx, map.id);
      await writeAccessLog(tx, {
        mapId: map.id,
        userId: auth.user?.id,
        action: 'access.update',
        before: touched(before, body),
        after: touched(after, body),
      });
    });
    return { status: 200, body: { data: await readMapAccess(db, map.id) } };
  },

  async listMapAccessLog({ services: { db }, auth, params, query }) {
    const map = await managedMap(db, auth, params.id);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 15;
    const total =
      (
        await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM access_log WHERE map_id = $1`, [
          map.id,
        ])
      )[0]?.total ?? 0;
    const rows = await db.query<{
      id: number;
      user_id: number | null;
      user_name: string | null;
      action: 'access.update' | 'share_link.create' | 'share_link.delete';
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      created_at: Date;
    }>(
      `SELECT l.id, l.user_id, u.name AS user_name, l.action, l.before, l.after, l.created_at
       FROM access_log l LEFT JOIN users u ON u.id = l.user_id
       WHERE l.map_id = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
      [map.id, perPage, (page - 1) * perPage],
    );
    const data = rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
    return {
      status: 200,
      body: pageEnvelope(data, { page, perPage, total, path: `/api/maps/${map.id}/access/log`, query }),
    };
  },

  async listAccessCandidates({ services: { db }, auth, params, query }) {
    // The document bounds the raw text; the spaces around it count for nothing.
    const text = query.q.trim();
    if (text.length < CANDIDATE_TEXT_MIN)
      throw invalid({ q: [msg('validation.min_length', { field: 'q', limit: CANDIDATE_TEXT_MIN })] });
    await managedMap(db, auth, params.id);
    // A bounded ILIKE whose `%`, `_` and `\` match themselves: no pattern of the caller's runs.
    const pattern = likePattern(text);
    const [users, groups] = await Promise.all([
      db.query<AccessCandidates['users'][number]>(
        `SELECT id, name, email FROM users WHERE name ILIKE $1 OR email ILIKE $1
         ORDER BY lower(name), id LIMIT $2`,
        [pattern, CANDIDATES],
      ),
      db.query<AccessCandidates['groups'][number]>(
        `SELECT id, name FROM groups WHERE name ILIKE $1 ORDER BY lower(name), id LIMIT $2`,
        [pattern, CANDIDATES],
      ),
    ]);
    return { status: 200, body: { data: { users, groups } satisfies AccessCandidates } };
  },

  async listShareLinks({ services: { db }, auth, params }) {
    const map = await managedMap(db, auth, params.id);
    const rows = await db.query<ShareLinkRow>(
      `SELECT id, label, role, expires_at, created_at FROM share_links WHERE map_id = $1 ORDER BY id DESC`,
      [map.id],
    );
    return { status: 200, body: { data: rows.map(toShareLink) } };
  },

  async createShareLink({ services: { db, config }, auth, params, body }) {
    const map = await managedMap(db, auth, params.id);
    const expiresAt = body.expires_at ?? null;
    if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now())
      throw invalid({ expires_at: [msg('validation.after_now', { field: 'expires_at' })] });
    const secret = newShareSecret();
    const link = await changeAccess(db, async (tx) => {
      const rows = await tx.query<ShareLinkRow>(
        `INSERT INTO share_links (map_id, label, role, secret_hash, expires_at, created_by)
         VALUES ($1, $2, 'viewer', $3, $4, $5) RETURNING id, label, role, expires_at, created_at`,
        [map.id, (body.label ?? '').trim(), sha256(secret), expiresAt, auth.user?.id ?? null],
      );
      const made = toShareLink(rows[0] as ShareLinkRow);
      await writeAccessLog(tx, {
        mapId: map.id,
        userId: auth.user?.id,
        action: 'share_link.create',
        before: null,
        after: made,
      });
      return made;
    });
    // Never built from the request's Host header: the configured public address, or a path.
    const url = `${config.appUrl ?? ''}/s/${secret}`;
    return { status: 201, body: { data: { ...link, url } } };
  },

  async deleteShareLink({ services: { db }, auth, params }) {
    const map = await managedMap(db, auth, params.id);
    const removed = await changeAccess(db, async (tx) => {
      const rows = await tx.query<ShareLinkRow>(
        `DELETE FROM share_links WHERE id = $1 AND map_id = $2 RETURNING id, label, role, expires_at, created_at`,
        [params.link_id, map.id],
      );
      const row = rows[0];
      if (!row) return undefined;
      await writeAccessLog(tx, {
        mapId: map.id,
        userId: auth.user?.id,
        action: 'share_link.delete',
        before: toShareLink(row),
        after: null,
      });
      return row;
    });
    if (!removed) throw notFound();
    return { status: 204 };
  },
});
