import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allOperations } from '../../test-support/openapi-response.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { buildApp } from '../app.ts';
import { handlers } from '../routes/handlers.ts';
import { needsSession, type Operation } from './document.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT: String(64 * 1024) });
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
const concrete = (operation: Operation) => operation.path.replace(/\{[^}]+\}/g, '1');
const label = (operation: Operation) =>
  `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`;

/**
 * Admin-only per docs/decisions.md#abilities (roles): written out here, independently of the server's
 * ability table, so a mistake there shows up as a failing test.
 */
const ADMIN_ONLY = new Set([
  'listUsers',
  'createUser',
  'createMap',
  'updateMap',
  'deleteMap',
  'createMainSearch',
  'updateMainSearch',
  'deleteMainSearch',
  'createSearch',
  'updateSearch',
  'deleteSearch',
  'createFilter',
  'updateFilter',
  'deleteFilter',
  'createLayer',
  'importLayer',
  'updateLayer',
  'deleteLayer',
  'updateLayerProperties',
  'deleteLayerProperties',
  'transferLayer',
  'updateLayerRelations',
  'createCategory',
  'updateCategory',
  'deleteCategory',
  'listGroups',
  'createGroup',
  'getGroup',
  'updateGroup',
  'deleteGroup',
  'setGroupMembers',
]);

const PER_MAP = /^\/api\/(maps\/\{id\}|layer-categories)/;

async function countUsers(): Promise<number> {
  return (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n ?? 0;
}

describe('every operation of the document', () => {
  it('answers 401 to an anonymous caller on every protected operation', async () => {
    const client = t.client();
    await client.prime();
    const protectedOperations = allOperations().filter(needsSession);
    expect(protectedOperations.length).toBeGreaterThan(10);
    for (const operation of protectedOperations) {
      const response = await client.request(operation.method, concrete(operation), {
        body: UNSAFE.has(operation.method) ? {} : undefined,
      });
      expect(response.status, label(operation)).toBe(401);
      expect(response.json(), label(operation)).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 419 to every state-changing call without X-XSRF-TOKEN, signed in or not', async () => {
    const guest = t.client();
    await guest.prime();
    const { client: admin } = await t.signedIn('admin');
    const unsafe = allOperations().filter((operation) => UNSAFE.has(operation.method));
    for (const operation of unsafe) {
      for (const client of [guest, admin]) {
        const response = await client.request(operation.method, concrete(operation), {
          body: {},
          noXsrf: true,
        });
        expect(response.status, label(operation)).toBe(419);
      }
    }
    expect(await countUsers()).toBe(1);
  });

  it('answers 403 to a non-admin on every admin operation, before reading the input', async () => {
    const { client } = await t.signedIn('user');
    for (const operation of allOperations()) {
      // Signing out would turn every later answer into 401.
      if (!needsSession(operation) || operation.operationId === 'logout') continue;
      const response = await client.request(operation.method, concrete(operation), {
        body: UNSAFE.has(operation.method) ? {} : undefined,
        unchecked: !(operation.operationId in handlers),
      });
      // Rights on one map are held per map (a manager may change it), so an operation under
      // /api/maps/{id}, or on a category (it names its map), is decided by its handler against
      // that map: map 1 does not exist here, so it is refused as missing, or its input first
      // (server/src/access/access-matrix.test.ts holds what each caller gets on a map that exists).
      if (ADMIN_ONLY.has(operation.operationId) && PER_MAP.test(operation.path))
        expect([404, 422], label(operation)).toContain(response.status);
      else if (ADMIN_ONLY.has(operation.operationId)) expect(response.status, label(operation)).toBe(403);
      else expect(response.status, label(operation)).not.toBe(500);
    }
  });

  it('answers 501 {message} for an operation without a handler, and has no routes outside the document', async () => {
    const { listUsers: _omitted, ...rest } = handlers;
    const partial = await buildApp({ config: t.config, db: t.database.db, handlers: rest, logger: false });
    const admin = await t.createUser({ type: 'admin' });
    const login = await partial.inject({
      method: 'POST',
      url: '/login',
      headers: {
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz',
        'x-xsrf-token': 'abcdefghijklmnopqrstuvwxyz',
      },
      payload: { email: admin.email, password: admin.password },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'atlasboard_session')?.value ?? '';
    const response = await partial.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie: `atlasboard_session=${session}` },
    });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ message: expect.stringContaining('listUsers') });
    await partial.close();

    const client = t.client();
    expect((await client.get('/api/not-in-the-document', { unchecked: true })).status).toBe(404);
    expect((await client.request('PATCH', '/api/users/1', { unchecked: true })).status).toBe(404);
    expect((await client.get('/api/users/1/extra', { unchecked: true })).status).toBe(404);
    expect((await client.request('POST', '/api/abilities', { unchecked: true })).status).toBe(404);
    expect((await client.request('HEAD', '/api/users', { unchecked: true })).status).toBe(404);
  });

  it('never lets a stack trace reach the response', async () => {
    const broken = await buildApp({
      config: t.config,
      db: t.database.db,
      logger: false,
      handlers: {
        ...handlers,
        register: async () => Promise.reject(new Error('secret internals at /srv/x.ts:1')),
      },
    });
    const response = await broken.inject({
      method: 'POST',
      url: '/register',
      headers: {
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz',
        'x-xsrf-token': 'abcdefghijklmnopqrstuvwxyz',
      },
      payload: {
        name: 'A',
        email: 'a@example.com',
        password: 'long enough',
        password_confirmation: 'long enough',
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    await broken.close();
  });
});
