import { isAxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, deleteUser, getUser, listUsers, updateUser } from '../generated/api/users/users';
import { MOCK_ADMIN, MOCK_TWO_FACTOR_USER, MOCK_USER, MOCK_USER_COUNT } from './accounts';
import { applyScenario, resetMocks } from './scenarios';
import { forgetXsrfCookie } from './session';

async function rejection(call: Promise<unknown>): Promise<{ status?: number; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return { status: error.response?.status, data: error.response?.data };
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

const newUser = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  password: 'correct horse battery',
  password_confirmation: 'correct horse battery',
  type: 'editor' as const,
};

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, pathname: '/users', assign: vi.fn() });
  applyScenario('admin');
  return () => vi.unstubAllGlobals();
});

describe('mock user list', () => {
  it('needs a signed-in admin: 401 signed out, 403 for a plain user', async () => {
    applyScenario('signed-out');
    expect((await rejection(listUsers())).status).toBe(401);
    applyScenario('user');
    expect((await rejection(listUsers())).status).toBe(403);
  });

  it('pages the seeded users newest first by default', async () => {
    const first = await listUsers();
    expect(first.meta).toMatchObject({
      current_page: 1,
      per_page: 15,
      total: MOCK_USER_COUNT,
      last_page: 2,
      from: 1,
      to: 15,
    });
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toContain('page=2');
    const created = first.data.map((user) => user.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const second = await listUsers({ page: 2 });
    expect(second.meta).toMatchObject({ current_page: 2, from: 16, to: 30 });
    const ids = [...first.data, ...second.data].map((user) => user.id);
    expect(new Set(ids).size).toBe(MOCK_USER_COUNT);
  });

  it('gives the same seeded data after every reset', async () => {
    const before = await listUsers({ per_page: 100 });
    resetMocks();
    applyScenario('admin');
    expect(await listUsers({ per_page: 100 })).toEqual(before);
  });

  it('searches by name (search_title), by name or email (search_global) and by id', async () => {
    const byTitle = await listUsers({ search_title: 'una us' });
    expect(byTitle.data.map((user) => user.email)).toEqual([MOCK_USER.email]);
    const byEmail = await listUsers({ search_global: '2FA@EXAMPLE' });
    expect(byEmail.data.map((user) => user.id)).toEqual([MOCK_TWO_FACTOR_USER.id]);
    expect((await listUsers({ search_title: '2fa@example' })).meta.total).toBe(0);
    expect((await listUsers({ search_id: MOCK_ADMIN.id })).data.map((user) => user.name)).toEqual([
      MOCK_ADMIN.name,
    ]);
  });

  it('orders by the requested column and direction', async () => {
    const page = await listUsers({ order_column: 'name', order_direction: 'asc', per_page: 100 });
    const names = page.data.map((user) => user.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byId = await listUsers({ order_column: 'id', order_direction: 'asc', per_page: 5 });
    expect(byId.data.map((user) => user.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses out-of-range paging with per-field 422 errors', async () => {
    const refused = await rejection(listUsers({ per_page: 1000 }));
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ errors: { per_page: [expect.any(String)] } });
  });
});

describe('mock user administration', () => {
  it('creates a user that the list then shows first', async () => {
    const created = await createUser(newUser);
    expect(created.data).toMatchObject({
      name: newUser.name,
      email: newUser.email,
      type: 'editor',
      locale: 'en',
    });
    const page = await listUsers();
    expect(page.meta.total).toBe(MOCK_USER_COUNT + 1);
    expect(page.data[0]?.id).toBe(created.data.id);
  });

  it('refuses an invalid user with per-field 422 errors and writes nothing', async () => {
    const refused = await rejection(
      createUser({ ...newUser, email: 'nope', password: 'short', password_confirmation: 'short' }),
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({
      errors: { email: [expect.any(String)], password: [expect.any(String)] },
    });
    const duplicate = await rejection(createUser({ ...newUser, email: MOCK_USER.email }));
    expect(duplicate.data).toMatchObject({ errors: { email: ['The email has already been taken.'] } });
    expect((await listUsers()).meta.total).toBe(MOCK_USER_COUNT);
  });

  it('edits a user, and the edit shows in getUser and the list', async () => {
    const updated = await updateUser(MOCK_USER.id, { name: 'Una Renamed', locale: 'fr' });
    expect(updated.data).toMatchObject({ id: MOCK_USER.id, name: 'Una Renamed', locale: 'fr' });
    expect((await getUser(MOCK_USER.id)).data.name).toBe('Una Renamed');
    expect((await listUsers({ search_title: 'renamed' })).data.map((user) => user.id)).toEqual([
      MOCK_USER.id,
    ]);
  });

  it('lets a plain user read and edit only themselves, and never their type', async () => {
    applyScenario('user');
    expect((await getUser(MOCK_USER.id)).data.email).toBe(MOCK_USER.email);
    expect((await rejection(getUser(MOCK_ADMIN.id))).status).toBe(403);
    expect((await rejection(updateUser(MOCK_USER.id, { type: 'admin' }))).status).toBe(403);
    await expect(updateUser(MOCK_USER.id, { name: 'Una Self' })).resolves.toHaveProperty(
      'data.name',
      'Una Self',
    );
  });

  it('deletes a user: gone from getUser (404) and from the list', async () => {
    await expect(deleteUser(MOCK_USER.id)).resolves.toBe('');
    expect((await rejection(getUser(MOCK_USER.id))).status).toBe(404);
    expect((await listUsers()).meta.total).toBe(MOCK_USER_COUNT - 1);
    expect((await rejection(deleteUser(MOCK_USER.id))).status).toBe(404);
  });

  it('does not let the admin delete their own account', async () => {
    const refused = await rejection(deleteUser(MOCK_ADMIN.id));
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ errors: { id: [expect.any(String)] } });
  });

  it('answers 419 to changes without the XSRF echo', async () => {
    forgetXsrfCookie();
    expect((await rejection(createUser(newUser))).status).toBe(419);
    expect((await rejection(deleteUser(MOCK_USER.id))).status).toBe(419);
    expect(window.location.assign).toHaveBeenCalledWith('/login');
  });
});
