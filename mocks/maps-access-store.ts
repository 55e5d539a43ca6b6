import type { AccessLogEntry, Group, LayerRule, MapRole, ShareLink, Visibility } from '../generated/model';
import { MOCK_REFERENCE_DATE } from './db';

/** A map's access as stored: grants and rules by id, names looked up when answering. */
export interface StoredAccess {
  visibility: Visibility;
  grants: { user_id: number | null; group_id: number | null; role: MapRole }[];
  /** As stored: the name shown is looked up when the access is read. */
  layer_rules: Omit<LayerRule, 'name'>[];
}

/**
 * The mock "server's" access tables, reseeded with every scenario: one group ("Field crew")
 * and every mock map open to signed-in accounts, as existing maps and the demo town are.
 */
export const accessDb = {
  groups: [] as Group[],
  members: [] as { group_id: number; user_id: number }[],
  maps: new Map<number, StoredAccess>(),
  links: [] as (ShareLink & { map_id: number })[],
  log: [] as (AccessLogEntry & { map_id: number })[],
};

export const FIELD_CREW_GROUP_ID = 1;

export function seedAccess(): void {
  const stamp = MOCK_REFERENCE_DATE;
  accessDb.groups = [
    {
      id: FIELD_CREW_GROUP_ID,
      name: 'Field crew',
      description: 'Contractors who repair pipes.',
      members_count: 0,
      created_at: stamp,
      updated_at: stamp,
    },
  ];
  accessDb.members = [];
  accessDb.maps = new Map();
  accessDb.links = [];
  accessDb.log = [];
}

export const groupMembers = (groupId: number): number[] =>
  accessDb.members.filter((row) => row.group_id === groupId).map((row) => row.user_id);

/** The groups a user belongs to, by name. */
export const groupsOfUser = (userId: number): { id: number; name: string }[] =>
  accessDb.groups
    .filter((group) => accessDb.members.some((row) => row.group_id === group.id && row.user_id === userId))
    .map((group) => ({ id: group.id, name: group.name }));

/** A map's stored access; a map never changed is open to signed-in accounts. */
export const storedAccess = (mapId: number): StoredAccess =>
  accessDb.maps.get(mapId) ?? { visibility: 'signed_in', grants: [], layer_rules: [] };
