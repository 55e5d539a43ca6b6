import { HttpResponse, http } from 'msw';
import type {
  AccessLogEntry,
  AccessLogPage,
  GroupDetail,
  GroupList,
  GroupResource,
  MapAccess,
  MapAccessResource,
  NewShareLinkResource,
  ShareLink,
  ShareLinkList,
} from '../generated/model';
import { createGroupBody, setGroupMembersBody, updateGroupBody } from '../generated/zod/groups/groups.zod';
import { createShareLinkBody, updateMapAccessBody } from '../generated/zod/access/access.zod';
import { findUserById, isoSeconds } from './db';
import { findMap, mapLayers } from './maps-store';
import { noContent, notFound, parseWith, readJson, requireAdmin, validationFailed } from './responses';

/**
 * Groups, each map's access, its log and share links for mock mode, kept in memory and reset
 * with the scenario. In the mock only admins manage access (the server also lets a map's
 * managers); the rules are the server's: per-entry 422s, a missing map or group is 404.
 */
interface StoredGroup {
  id: number;
  name: string;
  description: string | null;
  member_ids: number[];
  created_at: string;
  updated_at: string;
}

let groups: StoredGroup[] = [];
let access = new Map<number, MapAccess>();
let log: (AccessLogEntry & { map_id: number })[] = [];
let links: (ShareLink & { map_id: number })[] = [];
let nextGroupId = 1;
let nextLogId = 1;
let nextLinkId = 1;

export function resetAccessMocks(): void {
  groups = [];
  access = new Map();
  log = [];
  links = [];
  nextGroupId = 1;
  nextLogId = 1;
  nextLinkId = 1;
}

const now = () => isoSeconds(new Date());

function detail(group: StoredGroup): GroupDetail {
  const members = group.member_ids.flatMap((id) => {
    const user = findUserById(id);
    return user ? [{ id: user.id, name: user.name, email: user.email }] : [];
  });
  const { member_ids: _ids, ...rest } = group;
  return { ...rest, members_count: members.length, members };
}

const accessOf = (mapId: number): MapAccess =>
  access.get(mapId) ?? { visibility: 'signed_in', grants: [], layer_rules: [] };

function record(
  mapId: number,
  userId: number,
  action: AccessLogEntry['action'],
  before: unknown,
  after: unknown,
) {
  log.push({
    id: nextLogId++,
    map_id: mapId,
    user_id: userId,
    user_name: findUserById(userId)?.name ?? null,
    action,
    before: before as AccessLogEntry['before'],
    after: after as AccessLogEntry['after'],
    created_at: now(),
  });
}

const nameTaken = (name: string, except?: number) =>
  groups.some((group) => group.id !== except && group.name.toLowerCase() === name.trim().toLowerCase());

export const accessHandlers = [
  http.get('*/api/groups', ({ request }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const sorted = [...groups].sort((a, b) => a.name.localeCompare(b.name));
    return HttpResponse.json<GroupList>({
      data: sorted.map((group) => {
        const { members: _members, ...rest } = detail(group);
        return rest;
      }),
    });
  }),

  http.post('*/api/groups', async ({ request }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createGroupBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    if (nameTaken(parsed.data.name))
      return validationFailed({ name: ['A group with this name already exists.'] });
    const group: StoredGroup = {
      id: nextGroupId++,
      name: parsed.data.name.trim(),
      description: parsed.data.description ?? null,
      member_ids: [],
      created_at: now(),
      updated_at: now(),
    };
    groups.push(group);
    return HttpResponse.json<GroupResource>({ data: detail(group) }, { status: 201 });
  }),

  http.get('*/api/groups/:id', ({ request, params }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const group = groups.find((entry) => entry.id === Number(params.id));
    return group ? HttpResponse.json<GroupResource>({ data: detail(group) }) : notFound();
  }),

  http.put('*/api/groups/:id', async ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const group = groups.find((entry) => entry.id === Number(params.id));
    if (!group) return notFound();
    const parsed = parseWith(updateGroupBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    if (nameTaken(parsed.data.name, group.id))
      return validationFailed({ name: ['A group with this name already exists.'] });
    Object.assign(group, {
      name: parsed.data.name.trim(),
      description: parsed.data.description ?? null,
      updated_at: now(),
    });
    return HttpResponse.json<GroupResource>({ data: detail(group) });
  }),

  http.delete('*/api/groups/:id', ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const id = Number(params.id);
    if (!groups.some((entry) => entry.id === id)) return notFound();
    groups = groups.filter((entry) => entry.id !== id);
    for (const [mapId, entry] of access)
      access.set(mapId, {
        ...entry,
        grants: entry.grants.filter((grant) => grant.group_id !== id),
        layer_rules: entry.layer_rules.filter((rule) => rule.group_id !== id),
      });
    return noContent();
  }),

  http.put('*/api/groups/:id/members', async ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const group = groups.find((entry) => entry.id === Number(params.id));
    if (!group) return notFound();
    const parsed = parseWith(setGroupMembersBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const errors: Record<string, string[]> = {};
    parsed.data.user_ids.forEach((id, index) => {
      if (!findUserById(id)) errors[`user_ids.${index}`] = ['No such user.'];
    });
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    Object.assign(group, { member_ids: [...parsed.data.user_ids], updated_at: now() });
    return HttpResponse.json<GroupResource>({ data: detail(group) });
  }),

  http.get('*/api/maps/:id/access', ({ request, params }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const map = findMap(Number(params.id));
    return map ? HttpResponse.json<MapAccessResource>({ data: accessOf(map.id) }) : notFound();
  }),

  http.put('*/api/maps/:id/access', async ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const map = findMap(Number(params.id));
    if (!map) return notFound();
    const parsed = parseWith(updateMapAccessBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const body = parsed.data;
    const errors: Record<string, string[]> = {};
    const layerIds = new Set(mapLayers(map.id).map((layer) => layer.id));
    const grants = (body.grants ?? []).map((grant, index) => {
      if (!grant.user_id === !grant.group_id)
        errors[`grants.${index}.user_id`] = ['Give either a user or a group.'];
      const user = grant.user_id ? findUserById(grant.user_id) : undefined;
      const group = grant.group_id ? groups.find((entry) => entry.id === grant.group_id) : undefined;
      if (grant.user_id && !user) errors[`grants.${index}.user_id`] = ['No such user.'];
      if (grant.group_id && !group) errors[`grants.${index}.group_id`] = ['No such group.'];
      return {
        user_id: grant.user_id ?? null,
        group_id: grant.user_id ? null : (grant.group_id ?? null),
        role: grant.role,
        name: user?.name ?? group?.name ?? '',
      };
    });
    (body.layer_rules ?? []).forEach((rule, index) => {
      if (!layerIds.has(rule.layer_id))
        errors[`layer_rules.${index}.layer_id`] = ['This map has no such layer.'];
    });
    if (Object.keys(errors).length > 0) return validationFailed(errors);
    const before = accessOf(map.id);
    const after: MapAccess = {
      visibility: body.visibility ?? before.visibility,
      grants: body.grants ? grants : before.grants,
      layer_rules: body.layer_rules
        ? body.layer_rules.map((rule) => ({
            layer_id: rule.layer_id,
            user_id: rule.user_id ?? null,
            group_id: rule.group_id ?? null,
            access: rule.access,
            hidden_properties: rule.hidden_properties ?? [],
            read_only_properties: rule.read_only_properties ?? [],
          }))
        : before.layer_rules,
    };
    access.set(map.id, after);
    const keys = (['visibility', 'grants', 'layer_rules'] as const).filter((key) => body[key] !== undefined);
    const pick = (entry: MapAccess) => Object.fromEntries(keys.map((key) => [key, entry[key]]));
    record(map.id, guarded.user.id, 'access.update', pick(before), pick(after));
    return HttpResponse.json<MapAccessResource>({ data: after });
  }),

  http.get('*/api/maps/:id/access/log', ({ request, params }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const map = findMap(Number(params.id));
    if (!map) return notFound();
    const url = new URL(request.url);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 15) || 15));
    const entries = log.filter((entry) => entry.map_id === map.id).reverse();
    const slice = entries
      .slice((page - 1) * perPage, page * perPage)
      .map(({ map_id: _map, ...entry }) => entry);
    const lastPage = Math.max(1, Math.ceil(entries.length / perPage));
    const path = `/api/maps/${map.id}/access/log`;
    const from = slice.length > 0 ? (page - 1) * perPage + 1 : null;
    return HttpResponse.json<AccessLogPage>({
      data: slice,
      links: {
        first: `${path}?page=1`,
        last: `${path}?page=${lastPage}`,
        prev: page > 1 ? `${path}?page=${page - 1}` : null,
        next: page < lastPage ? `${path}?page=${page + 1}` : null,
      },
      meta: {
        current_page: page,
        from,
        last_page: lastPage,
        path,
        per_page: perPage,
        to: from === null ? null : from + slice.length - 1,
        total: entries.length,
      },
    });
  }),

  http.get('*/api/maps/:id/share-links', ({ request, params }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const map = findMap(Number(params.id));
    if (!map) return notFound();
    const own = links.filter((link) => link.map_id === map.id).reverse();
    return HttpResponse.json<ShareLinkList>({ data: own.map(({ map_id: _map, ...link }) => link) });
  }),

  http.post('*/api/maps/:id/share-links', async ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const map = findMap(Number(params.id));
    if (!map) return notFound();
    const parsed = parseWith(createShareLinkBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const expiresAt = parsed.data.expires_at ?? null;
    if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now())
      return validationFailed({ expires_at: ['The expires at field must be a date after now.'] });
    const link: ShareLink = {
      id: nextLinkId++,
      label: (parsed.data.label ?? '').trim(),
      role: 'viewer',
      expires_at: expiresAt,
      created_at: now(),
    };
    links.push({ ...link, map_id: map.id });
    record(map.id, guarded.user.id, 'share_link.create', null, link);
    // 43 characters like the server's secrets; mock mode needs no real randomness.
    const secret = `mock${link.id}`.padEnd(43, 'x');
    return HttpResponse.json<NewShareLinkResource>(
      { data: { ...link, url: `/s/${secret}` } },
      { status: 201 },
    );
  }),

  http.delete('*/api/maps/:id/share-links/:linkId', ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const map = findMap(Number(params.id));
    if (!map) return notFound();
    const found = links.find((link) => link.map_id === map.id && link.id === Number(params.linkId));
    if (!found) return notFound();
    links = links.filter((link) => link !== found);
    const { map_id: _map, ...link } = found;
    record(map.id, guarded.user.id, 'share_link.delete', link, null);
    return noContent();
  }),
];
