import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCurrentUser } from '../../generated/api/auth/auth';
import { getGetCurrentUserMockHandler } from '../../generated/api/auth/auth.msw';
import { listUsers } from '../../generated/api/users/users';
import { getListUsersMockHandler } from '../../generated/api/users/users.msw';
import type { CurrentUser } from '../../generated/model';
import { checkResponse, findOperation, ResponseContractError } from './response-check';
import { server } from './server';

const user: CurrentUser['data'] = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@example.com',
  type: 'admin',
  locale: 'en',
  two_factor_enabled: false,
  created_at: '2026-11-01T09:30:00Z',
  updated_at: '2026-11-01T09:30:00Z',
};

describe('response check installed by src/testing/setup.ts', () => {
  it('lets a response that matches its schema through', async () => {
    server.use(getGetCurrentUserMockHandler({ success: true, data: user }));
    await expect(getCurrentUser()).resolves.toEqual({ success: true, data: user });
  });

  it('fails the call loudly when the body does not match, naming the schema and the field', async () => {
    server.use(getGetCurrentUserMockHandler({ success: true, data: { ...user, email: 'not-an-email' } }));
    const failure = getCurrentUser();
    await expect(failure).rejects.toBeInstanceOf(ResponseContractError);
    await expect(failure).rejects.toThrow(
      /GET \/api\/user → 200: body does not match getCurrentUser200Response[\s\S]*email/,
    );
  });

  it('fails on a missing required field deep in a list', async () => {
    server.use(
      getListUsersMockHandler(() => ({
        data: [user],
        links: { first: null, last: null, prev: null, next: null },
        meta: { current_page: 1, from: 1, last_page: 1, path: '/api/users', per_page: 15, to: 1, total: 1 },
      })),
    );
    await expect(listUsers()).resolves.toHaveProperty('meta.total', 1);
    server.use(http.get('*/api/users', () => HttpResponse.json({ data: [user], links: {} })));
    await expect(listUsers()).rejects.toThrow(/listUsers200Response[\s\S]*meta/);
  });

  it('fails on a status the document does not list', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ success: true, data: user }, { status: 203 })),
    );
    await expect(getCurrentUser()).rejects.toThrow(/status 203 is not documented for getCurrentUser/);
  });

  it('fails on a body where the document promises none (204)', () => {
    const response = {
      status: 204,
      data: { ok: true },
      headers: {},
      statusText: 'No Content',
      config: { method: 'post', url: '/logout', headers: {} },
    };
    expect(() => checkResponse(response as Parameters<typeof checkResponse>[0])).toThrow(
      /logout documents no body for 204/,
    );
    expect(() =>
      checkResponse({ ...response, data: '' } as Parameters<typeof checkResponse>[0]),
    ).not.toThrow();
  });

  it('finds operations by method and concrete path, literal paths first', () => {
    expect(findOperation('GET', '/api/users/42')?.operationId).toBe('getUser');
    expect(findOperation('delete', '/api/users/42')?.operationId).toBe('deleteUser');
    expect(findOperation('GET', '/api/user')?.operationId).toBe('getCurrentUser');
    expect(findOperation('GET', '/api/users/42/extra')).toBeUndefined();
  });

  it('fails on a request the document does not know', () => {
    const response = {
      status: 200,
      data: {},
      headers: {},
      statusText: 'OK',
      config: { method: 'get', url: '/api/nowhere', headers: {} },
    };
    expect(() => checkResponse(response as Parameters<typeof checkResponse>[0])).toThrow(
      /no operation in generated\/openapi.json/,
    );
  });
});
