import type { components } from '@generated/openapi-types.ts';
import { changeAccess, writeAccessLog } from '../access/change-access.ts';
import { accessLogPage, countAccessLog } from '../access/access-log-store.ts';
import { existingGroupIds, groupsMatching } from '../access/groups-store.ts';
import {
  lockMap,
  mapGrants,
  mapLayerRules,
  mapVisibility,
  replaceLayerRules,
  replaceMapGrants,
  setMapVisibility,
} from '../access/map-access-store.ts';
import { newShareSecret } from '../access/share-links.ts';
import {
  deleteShareLink,
  insertShareLink,
  mapShareLinks,
  type ShareLinkRow,
} from '../access/share-links-store.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import { likePattern } from '../features/feature-rows.ts';
import { layerIdsOfMap } from '../layers/layer-store.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { pageEnvelope } from '@shared/http/pagination.ts';
import type { AuthState } from '../http/request-auth.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { mapForPart } from '../maps/access.ts';
import { MAX_ID } from '../openapi/text-rules.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { existingUserIds, usersMatching } from '../users/users-store.ts';

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
  const [visibility, grants, rules] = await Promise.all([
    mapVisibility(db, mapId),
    mapGrants(db, mapId),
    mapLayerRules(db, mapId),
  ]);
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
  const [knownUsers, knownGroups, knownLayers] = await Promise.all([
    existingUserIds(db, userIds),
    existingGroupIds(db, groupIds),
    layerIdsOfMap(db, mapId),
  ]);
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

const toShareLink = (row: ShareLinkRow): ShareLink => ({
  id: row.id,
  label: row.label,
  role: row.role,
  expires_at: iso(row.expires_at),
  created_at: new Date(row.created_at).toISOString(),
});

export const routeHandlers = typedHandlers({
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
      await lockMap(tx, map.id);
      const before = await readMapAccess(tx, map.id);
      if (body.visibility !== undefined) await setMapVisibility(tx, map.id, body.visibility);
      if (body.grants !== undefined) await replaceMapGrants(tx, map.id, body.grants);
      if (body.layer_rules !== undefined) await replaceLayerRules(tx, map.id, body.layer_rules);
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
    const total = await countAccessLog(db, map.id);
    const rows = await accessLogPage(db, map.id, perPage, (page - 1) * perPage);
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
      usersMatching(db, pattern, CANDIDATES),
      groupsMatching(db, pattern, CANDIDATES),
    ]);
    return { status: 200, body: { data: { users, groups } satisfies AccessCandidates } };
  },

  async listShareLinks({ services: { db }, auth, params }) {
    const map = await managedMap(db, auth, params.id);
    const rows = await mapShareLinks(db, map.id);
    return { status: 200, body: { data: rows.map(toShareLink) } };
  },

  async createShareLink({ services: { db, config }, auth, params, body }) {
    const map = await managedMap(db, auth, params.id);
    const expiresAt = body.expires_at ?? null;
    if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now())
      throw invalid({ expires_at: [msg('validation.after_now', { field: 'expires_at' })] });
    const secret = newShareSecret();
    const link = await changeAccess(db, async (tx) => {
      const made = toShareLink(
        await insertShareLink(tx, {
          mapId: map.id,
          label: (body.label ?? '').trim(),
          secretHash: sha256(secret),
          expiresAt,
          createdBy: auth.user?.id ?? null,
        }),
      );
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
      const row = await deleteShareLink(tx, map.id, params.link_id);
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
