import { isAxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createShareLink,
  deleteShareLink,
  getMapAccess,
  listMapAccessLog,
  listShareLinks,
  updateMapAccess,
} from '../generated/api/access/access';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  setGroupMembers,
} from '../generated/api/groups/groups';
import { MOCK_USER } from './accounts';
import { DEMO_MAP_ID } from './maps-store';
import { applyScenario } from './scenarios';

async function rejection(call: Promise<unknown>): Promise<{ status?: number; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return { status: error.response?.status, data: error.response?.data };
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, pathname: '/users/groups', assign: vi.fn() });
  applyScenario('admin');
  return () => vi.unstubAllGlobals();
});

describe('mock groups', () => {
  it('are for admins: made, filled, listed and deleted', async () => {
    const made = (await createGroup({ name: 'Field crew' })).data;
    expect(made).toMatchObject({ name: 'Field crew', members_count: 0, members: [] });
    expect((await rejection(createGroup({ name: 'field CREW' }))).status).toBe(422);
    const filled = (await setGroupMembers(made.id, { user_ids: [MOCK_USER.id] })).data;
    expect(filled.members.map((member) => member.id)).toEqual([MOCK_USER.id]);
    expect((await listGroups()).data).toMatchObject([{ id: made.id, members_count: 1 }]);
    await deleteGroup(made.id);
    expect((await rejection(getGroup(made.id))).status).toBe(404);
    applyScenario('user');
    expect((await rejection(listGroups())).status).toBe(403);
  });
});

describe('mock map access', () => {
  it('changes visibility and grants, logs each change, and makes and revokes share links', async () => {
    expect((await getMapAccess(DEMO_MAP_ID)).data.visibility).toBe('signed_in');
    const bad = await rejection(updateMapAccess(DEMO_MAP_ID, { grants: [{ role: 'viewer' }] }));
    expect(bad).toMatchObject({ status: 422, data: { errors: { 'grants.0.user_id': expect.any(Array) } } });
    const changed = await updateMapAccess(DEMO_MAP_ID, {
      visibility: 'private',
      grants: [{ user_id: MOCK_USER.id, role: 'editor' }],
    });
    expect(changed.data.grants).toEqual([
      { user_id: MOCK_USER.id, group_id: null, role: 'editor', name: MOCK_USER.name },
    ]);
    const link = (await createShareLink(DEMO_MAP_ID, { label: 'Survey' })).data;
    expect(link.url).toMatch(/^\/s\/[A-Za-z0-9]{43}$/);
    expect((await listShareLinks(DEMO_MAP_ID)).data).toHaveLength(1);
    await deleteShareLink(DEMO_MAP_ID, link.id);
    const log = (await listMapAccessLog(DEMO_MAP_ID)).data.map((entry) => entry.action);
    expect(log).toEqual(['share_link.delete', 'share_link.create', 'access.update']);
    expect((await rejection(getMapAccess(424242))).status).toBe(404);
  });
});
