import { sha256 } from '../auth/tokens.ts';
import { ACCESS_CHANNEL } from '../access/access-cache.ts';
import { newShareSecret } from '../access/share-links.ts';
import {
  remember,
  required,
  resolve,
  signedIn,
  text,
  unique,
  type Params,
  type StateContext,
} from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

const memberIds = (context: StateContext, params: Params): number[] =>
  Array.isArray(params.member_ids) ? params.member_ids.map((id) => resolve(context, 'user', id)) : [];

export const ACCESS_STATES: StateDefinition[] = [
  {
    key: 'groupExists',
    name: 'a group exists',
    creates:
      'A group of users. Its name is made unique by the server if another group has it (interactions match names by type).',
    params: {
      id: 'The id the interactions call it by.',
      name: 'Its name.',
      'description?': 'Its description.',
      'member_ids?': 'Contract ids of users an earlier `a user exists` state created, its members.',
    },
    returns: { 'group_<id>': 'The real id of the group.' },
    setup: async (context, params) => {
      const name = text(params, 'name');
      const taken = await context.db.query(`SELECT 1 FROM groups WHERE lower(name) = lower($1)`, [name]);
      const rows = await context.db.query<{ id: number }>(
        `INSERT INTO groups (name, description) VALUES ($1, $2) RETURNING id`,
        [taken.length > 0 ? unique(name) : name, params.description ?? null],
      );
      const id = (rows[0] as { id: number }).id;
      const members = memberIds(context, params);
      if (members.length > 0)
        await context.db.query(
          `INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
          [id, members],
        );
      remember(context, 'group', required(params, 'id'), id);
    },
  },
  {
    key: 'signedInHasRole',
    name: 'the signed-in user has a role on a map',
    creates:
      'A grant of this role on a map an earlier state created to the signed-in account (replacing any role it had there), holding from the next request.',
    params: {
      map_id: 'The contract id of a map an earlier state created.',
      role: '`viewer`, `editor` or `manager`.',
    },
    returns: {},
    setup: async (context, params) => {
      const userId = signedIn(context, 'the signed-in user has a role on a map');
      const mapId = resolve(context, 'map', required(params, 'map_id'));
      const role = text(params, 'role');
      if (!['viewer', 'editor', 'manager'].includes(role)) throw new Error(`unknown role "${role}"`);
      await context.db.query(`DELETE FROM map_grants WHERE map_id = $1 AND user_id = $2`, [mapId, userId]);
      await context.db.query(`INSERT INTO map_grants (map_id, user_id, role) VALUES ($1, $2, $3)`, [
        mapId,
        userId,
        role,
      ]);
      // Every instance drops its cached access before the interaction's request, as after a change.
      await context.db.barrier?.(ACCESS_CHANNEL);
    },
  },
  {
    key: 'shareLinkExists',
    name: 'a share link exists',
    creates:
      'A live share link (viewer) of a map an earlier state created, made by whoever is signed in, with its entry in the map’s access log.',
    params: {
      map_id: 'The contract id of a map an earlier state created.',
      id: 'The id the interactions call it by.',
      label: 'Its label.',
    },
    returns: { 'share_link_<id>': 'The real id of the link.' },
    setup: async (context, params) => {
      const mapId = resolve(context, 'map', required(params, 'map_id'));
      const label = text(params, 'label');
      const rows = await context.db.query<{ id: number; created_at: Date }>(
        `INSERT INTO share_links (map_id, label, role, secret_hash, created_by)
         VALUES ($1, $2, 'viewer', $3, $4) RETURNING id, created_at`,
        [mapId, label, sha256(newShareSecret()), context.signedInUserId ?? null],
      );
      const row = rows[0] as { id: number; created_at: Date };
      const after = { id: row.id, label, role: 'viewer', expires_at: null, created_at: row.created_at };
      await context.db.query(
        `INSERT INTO access_log (map_id, user_id, action, before, after) VALUES ($1, $2, 'share_link.create', NULL, $3::jsonb)`,
        [mapId, context.signedInUserId ?? null, JSON.stringify(after)],
      );
      remember(context, 'share_link', required(params, 'id'), row.id);
    },
  },
];
