import { HttpResponse, http, type PathParams } from 'msw';
import type { ZodType } from 'zod';
import type {
  AccessCandidatesResource,
  AccessLogEntry,
  AccessLogPage,
  Group,
  GroupDetail,
  GroupList,
  GroupResource,
  LayerRule,
  MapAccess,
  MapAccessResource,
  NewShareLinkResource,
  ShareLink,
  ShareLinkList,
} from '../generated/model';
import {
  createShareLinkBody,
  listAccessCandidatesQueryParams,
  listMapAccessLogQueryParams,
  updateMapAccessBody,
} from '../generated/zod/access/access.zod';
import { createGroupBody, setGroupMembersBody, updateGroupBody } from '../generated/zod/groups/groups.zod';
import { pageEnvelope } from '../shared/http/pagination';
import { accessDb, groupMembers, storedAccess } from './maps-access-store';
import { db, findUserById } from './db';
import { entryProblems } from './entry-problems';
import { idParam } from './maps-guards';
import { findMap, mapLayers, nowStamp } from './maps-store';
import { mockSnapshot } from './abilities';
import {
  forbidden,
  noContent,
  notFound,
  parseWith,
  readJson,
  requireAdmin,
  requireUser,
  validationFailed,
} from './responses';

/**
 * Access per map, groups and share links as the server answers them (docs/decisions.md#access-per-map),
 * kept in `maps-access-store.ts` and reset with every scenario. Groups are for admins; a map's
 * access, log, links and the people and groups to grant for admins and the map's managers; a
 * map that does not exist is 404.
 */

const groupOf = (id: number): Group | undefined => accessDb.groups.find((group) => group.id === id);

/** An admin's change of the group the path names: the group and the body as `schema` reads it, or the answer instead. */
async function groupChange<T>(
  request: Request,
  params: PathParams,
  schema: ZodType<T>,
): Promise<{ group: Group; body: T; response?: undefined } | { response: Response }> {
  const guarded = requireAdmin(request, true);
  if (guarded.response) return guarded;
  const group = groupOf(idParam(params, 'id'));
  if (!group) return { response: notFound() };
  const parsed = parseWith(schema, await readJson(request));
  return parsed.ok ? { group, body: parsed.data } : parsed;
}

function groupDetail(group: Group): GroupDetail {
  const members = groupMembers(group.id).flatMap((userId) => {
    const user = findUserById(userId);
    return user ? [{ id: user.id, name: user.name, email: user.email }] : [];
  });
  return { ...group, members_count: members.length, members };
}

function accessOf(mapId: number): MapAccess {
  const stored = storedAccess(mapId);
  const nameOf = (row: { user_id: number | null; group_id: number | null }) =>
    row.user_id ? (findUserById(row.user_id)?.name ?? '') : (groupOf(row.group_id ?? 0)?.name ?? '');
  const ruleNameOf = (rule: { user_id: number | null; group_id: number | null }) =>
    rule.user_id === null && rule.group_id === null ? null : nameOf(rule);
  return {
    visibility: stored.visibility,
    grants: stored.grants.map((grant) => ({ ...grant, name: nameOf(grant) })),
    layer_rules: stored.layer_rules.map((rule) => ({ ...rule, name: ruleNameOf(rule) })),
  };
}

function log(
  mapId: number,
  userId: number,
  action: AccessLogEntry['action'],
  before: object | null,
  after: object | null,
) {
  accessDb.log.unshift({
    id: accessDb.log.length + 1,
    map_id: mapId,
    user_id: userId,
    user_name: findUserById(userId)?.name ?? null,
    action,
    before: before as AccessLogEntry['before'],
    after: after as AccessLogEntry['after'],
    created_at: nowStamp(),
  });
}

/**
 * A map's access is for admins and the map's managers, as on the server: a reader who does not
 * manage it is 403, anyone who may not read it 404 (as for a map that does not exist).
 */
function adminOnMap(request: Request, params: Record<string, unknown>, write: boolean) {
  const guarded = requireUser(request, write);
  if (guarded.response) return { response: guarded.response };
  const mapId = idParam(params as never, 'id');
  if (!findMap(mapId)) return { response: notFound() };
  if (guarded.user.type !== 'admin') {
    const role = mockSnapshot(guarded.user).roles.get(mapId);
    if (!role) return { response: notFound() };
    if (role !== 'manager') return { response: forbidden() };
  }
  return { mapId, userId: guarded.user.id };
}

/** How many people and how many groups one search for candidates answers at most. */
const CANDIDATES = 10;

/** By name whatever the case, then by id, as the server orders them. */
const byName = (a: { id: number; name: string }, b: { id: number; name: string }) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

export const accessHandlers = [
  // People and groups a manager may grant: part of a name or email, plain text (no wildcards).
  http.get('*/api/maps/:id/access/candidates', ({ request, params }) => {
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const raw = parseWith(listAccessCandidatesQueryParams, query);
    if (!raw.ok) return raw.response;
    // The document bounds the raw text; the spaces around it count for nothing.
    const parsed = parseWith(listAccessCandidatesQueryParams, { q: raw.data.q.trim() });
    if (!parsed.ok) return parsed.response;
    const found = adminOnMap(request, params, false);
    if (found.response) return found.response;
    const needle = parsed.data.q.toLowerCase();
    const holds = (text: string) => text.toLowerCase().includes(needle);
    const users = db.user
      .getAll()
      .filter((user) => holds(user.name) || holds(user.email))
      .sort(byName)
      .slice(0, CANDIDATES)
      .map((user) => ({ id: user.id, name: user.name, email: user.email }));
    const groups = accessDb.groups
      .filter((group) => holds(group.name))
      .sort(byName)
      .slice(0, CANDIDATES)
      .map((group) => ({ id: group.id, name: group.name }));
    return HttpResponse.json<AccessCandidatesResource>({ data: { users, groups } });
  }),

  http.get('*/api/maps/:id/access', ({ request, params }) => {
    const found = adminOnMap(request, params, false);
    if (found.response) return found.response;
    return HttpResponse.json<MapAccessResource>({ data: accessOf(found.mapId) });
  }),

  http.put('*/api/maps/:id/access', async ({ request, params }) => {
    const found = adminOnMap(request, params, true);
    if (found.response) return found.response;
    const parsed = parseWith(updateMapAccessBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const layerIds = new Set(mapLayers(found.mapId).map((layer) => layer.id));
    const errors: Record<string, string[]> = {};
    const who = (row: { user_id?: number | null; group_id?: number | null }, at: string) => {
      if (row.user_id && row.group_id) errors[`${at}.group_id`] = ['Give a user or a group, not both.'];
      else if (row.user_id && !findUserById(row.user_id))
        errors[`${at}.user_id`] = ['The selected user does not exist.'];
      else if (row.group_id && !groupOf(row.group_id))
        errors[`${at}.group_id`] = ['The selected group does not exist.'];
    };
    parsed.data.grants?.forEach((grant, index) => {
      if (!grant.user_id && !grant.group_id) errors[`grants.${index}.user_id`] = ['Give a user or a group.'];
      else who(grant, `grants.${index}`);
    });
    parsed.data.layer_rules?.forEach((rule, index) => {
      if (!layerIds.has(rule.layer_id))
        errors[`layer_rules.${index}.layer_id`] = ['The layer is not on this map.'];
      who(rule, `layer_rules.${index}`);
    });
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    const before = accessOf(found.mapId);
    const stored = storedAccess(found.mapId);
    accessDb.maps.set(found.mapId, {
      visibility: parsed.data.visibility ?? stored.visibility,
      grants:
        parsed.data.grants?.map((grant) => ({
          user_id: grant.user_id ?? null,
          group_id: grant.group_id ?? null,
          role: grant.role,
        })) ?? stored.grants,
      layer_rules:
        parsed.data.layer_rules?.map((rule): Omit<LayerRule, 'name'> => ({
          layer_id: rule.layer_id,
          user_id: rule.user_id ?? null,
          group_id: rule.group_id ?? null,
          access: rule.access,
          hidden_properties: rule.hidden_properties ?? [],
          read_only_properties: rule.read_only_properties ?? [],
        })) ?? stored.layer_rules,
    });
    const after = accessOf(found.mapId);
    log(found.mapId, found.userId, 'access.update', before, after);
    return HttpResponse.json<MapAccessResource>({ data: after });
  }),

  http.get('*/api/maps/:id/access/log', ({ request, params }) => {
    const found = adminOnMap(request, params, false);
    if (found.response) return found.response;
    const url = new URL(request.url);
    const parsed = parseWith(listMapAccessLogQueryParams, Object.fromEntries(url.searchParams));
    if (!parsed.ok) return parsed.response;
    const rows = accessDb.log
      .filter((entry) => entry.map_id === found.mapId)
      .map(({ map_id: _, ...entry }) => entry);
    const perPage = parsed.data.per_page ?? 15;
    const page = parsed.data.page ?? 1;
    const slice = rows.slice((page - 1) * perPage, page * perPage);
    return HttpResponse.json<AccessLogPage>(
      pageEnvelope(slice, { page, perPage, total: rows.length, path: url.pathname, query: parsed.data }),
    );
  }),

  http.get('*/api/maps/:id/share-links', ({ request, params }) => {
    const found = adminOnMap(request, params, false);
    if (found.response) return found.response;
    const data = accessDb.links
      .filter((link) => link.map_id === found.mapId)
      .map(({ map_id: _, ...link }) => link);
    return HttpResponse.json<ShareLinkList>({ data: data.reverse() });
  }),

  http.post('*/api/maps/:id/share-links', async ({ request, params }) => {
    const found = adminOnMap(request, params, true);
    if (found.response) return found.response;
    const parsed = parseWith(createShareLinkBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const expires = parsed.data.expires_at ?? null;
    if (expires && Date.parse(expires) <= Date.now())
      return validationFailed({ expires_at: ['The expiry must be in the future.'] });
    const link: ShareLink = {
      id: accessDb.links.length + 1,
      label: parsed.data.label ?? '',
      role: 'viewer',
      expires_at: expires,
      created_at: nowStamp(),
    };
    accessDb.links.push({ ...link, map_id: found.mapId });
    log(found.mapId, found.userId, 'share_link.create', null, link);
    const secret = `mock${String(link.id).padStart(4, '0')}${'x'.repeat(28)}`;
    const url = new URL(`/s/${secret}`, new URL(request.url).origin).toString();
    return HttpResponse.json<NewShareLinkResource>({ data: { ...link, url } }, { status: 201 });
  }),

  http.delete('*/api/maps/:id/share-links/:linkId', ({ request, params }) => {
    const found = adminOnMap(request, params, true);
    if (found.response) return found.response;
    const linkId = idParam(params, 'linkId');
    const at = accessDb.links.findIndex((link) => link.id === linkId && link.map_id === found.mapId);
    if (at < 0) return notFound();
    const [removed] = accessDb.links.splice(at, 1);
    if (removed)
      log(found.mapId, found.userId, 'share_link.delete', { id: removed.id, label: removed.label }, null);
    return noContent();
  }),

  http.get('*/api/groups', ({ request }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const data = [...accessDb.groups]
      .map((group) => ({ ...group, members_count: groupMembers(group.id).length }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return HttpResponse.json<GroupList>({ data });
  }),

  http.post('*/api/groups', async ({ request }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createGroupBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    if (accessDb.groups.some((group) => group.name.toLowerCase() === parsed.data.name.toLowerCase()))
      return validationFailed({ name: ['The name has already been taken.'] });
    const group: Group = {
      id: Math.max(0, ...accessDb.groups.map((row) => row.id)) + 1,
      name: parsed.data.name,
      description: parsed.data.description ?? null,
      members_count: 0,
      created_at: nowStamp(),
      updated_at: nowStamp(),
    };
    accessDb.groups.push(group);
    return HttpResponse.json<GroupResource>({ data: groupDetail(group) }, { status: 201 });
  }),

  http.get('*/api/groups/:id', ({ request, params }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const group = groupOf(idParam(params, 'id'));
    return group ? HttpResponse.json<GroupResource>({ data: groupDetail(group) }) : notFound();
  }),

  http.put('*/api/groups/:id', async ({ request, params }) => {
    const change = await groupChange(request, params, updateGroupBody);
    if (change.response) return change.response;
    const { group, body } = change;
    const name = body.name;
    if (accessDb.groups.some((row) => row.id !== group.id && row.name.toLowerCase() === name.toLowerCase()))
      return validationFailed({ name: ['The name has already been taken.'] });
    Object.assign(group, { name, description: body.description ?? null, updated_at: nowStamp() });
    return HttpResponse.json<GroupResource>({ data: groupDetail(group) });
  }),

  http.delete('*/api/groups/:id', ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const id = idParam(params, 'id');
    const at = accessDb.groups.findIndex((group) => group.id === id);
    if (at < 0) return notFound();
    accessDb.groups.splice(at, 1);
    accessDb.members = accessDb.members.filter((row) => row.group_id !== id);
    for (const access of accessDb.maps.values()) {
      access.grants = access.grants.filter((grant) => grant.group_id !== id);
      access.layer_rules = access.layer_rules.filter((rule) => rule.group_id !== id);
    }
    return noContent();
  }),

  http.put('*/api/groups/:id/members', async ({ request, params }) => {
    const change = await groupChange(request, params, setGroupMembersBody);
    if (change.response) return change.response;
    const { group, body } = change;
    const errors = entryProblems('user_ids', body.user_ids, (userId) =>
      findUserById(userId) ? undefined : 'The selected user does not exist.',
    );
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    accessDb.members = [
      ...accessDb.members.filter((row) => row.group_id !== group.id),
      ...body.user_ids.map((user_id) => ({ group_id: group.id, user_id })),
    ];
    group.updated_at = nowStamp();
    return HttpResponse.json<GroupResource>({ data: groupDetail(group) });
  }),
];
