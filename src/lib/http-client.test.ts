import { isAxiosError } from './http-error';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCurrentUser, login, logout } from '../../generated/api/auth/auth';
import { getGetCurrentUserMockHandler, getLoginMockHandler } from '../../generated/api/auth/auth.msw';
import type { CurrentUser } from '../../generated/model';
import { server } from '../testing/server';

const currentUser: CurrentUser = {
  success: true,
  data: {
    id: 1,
    name: 'Ada Admin',
    email: 'admin@example.com',
    type: 'admin',
    locale: 'en',
    two_factor_enabled: false,
    created_at: '2026-11-01T09:30:00Z',
    updated_at: '2026-11-01T09:30:00Z',
  },
};

/** jsdom cannot navigate; a stand-in location records where the client sends the browser. */
function browserAt(pathname: string) {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, pathname, assign });
  return assign;
}

async function rejectionStatus(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return error.response?.status;
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('http client: what every request carries (docs/product.md#calls)', () => {
  function recordRequests(): Request[] {
    const seen: Request[] = [];
    server.use(
      getGetCurrentUserMockHandler(({ request }) => {
        seen.push(request);
        return currentUser;
      }),
    );
    return seen;
  }

  it('sends the XMLHttpRequest marker, credentials and the XSRF-TOKEN cookie echo', async () => {
    const seen = recordRequests();
    document.cookie = 'XSRF-TOKEN=token%2Fwith%3Dsigns; path=/';
    await expect(getCurrentUser()).resolves.toEqual(currentUser);
    const request = seen[0];
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(request?.headers.get('x-xsrf-token')).toBe('token/with=signs');
    expect(request?.credentials).toBe('include');
  });

  it('sends credentials and the XSRF echo to another origin too', async () => {
    const seen = recordRequests();
    document.cookie = 'XSRF-TOKEN=cross-site-token; path=/';
    await getCurrentUser({ baseURL: 'https://api.elsewhere.test' });
    const request = seen[0];
    expect(request && new URL(request.url).origin).toBe('https://api.elsewhere.test');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('x-xsrf-token')).toBe('cross-site-token');
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it("sends a caller's extra headers along with the generated request", async () => {
    const seen: Request[] = [];
    server.use(
      getLoginMockHandler(({ request }) => {
        seen.push(request);
        return { next_step: 'home' };
      }),
    );
    document.cookie = 'XSRF-TOKEN=merge-token; path=/';
    await login({ email: 'a@example.com', password: 'pw' }, { headers: { 'Accept-Language': 'fr' } });
    const request = seen[0];
    expect(request?.headers.get('accept-language')).toBe('fr');
    expect(request?.headers.get('content-type')).toContain('application/json');
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(await request?.json()).toEqual({ email: 'a@example.com', password: 'pw' });
  });

  it('sends no XSRF header when there is no XSRF-TOKEN cookie', async () => {
    const seen = recordRequests();
    document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    await getCurrentUser();
    expect(seen[0]?.headers.has('x-xsrf-token')).toBe(false);
  });
});

describe('http client: 401/403/419 send the browser to /login (docs/product.md#errors)', () => {
  function answer(status: number) {
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'No.' }, { status })));
  }

  it.each([401, 403, 419])('goes to /login on %i and still rejects to the caller', async (status) => {
    const assign = browserAt('/users');
    answer(status);
    expect(await rejectionStatus(getCurrentUser())).toBe(status);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it.each(['/login', '/2fa', '/register', '/forgot-password', '/reset-password'])(
    'stays on the guest screen %s and still rejects',
    async (pathname) => {
      const assign = browserAt(pathname);
      answer(401);
      expect(await rejectionStatus(getCurrentUser())).toBe(401);
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it.each([404, 422, 500])('leaves the browser where it is on %i', async (status) => {
    const assign = browserAt('/users');
    answer(status);
    expect(await rejectionStatus(getCurrentUser())).toBe(status);
    expect(assign).not.toHaveBeenCalled();
  });

  it('redirects on a 419 from a state-changing call too', async () => {
    const assign = browserAt('/profile');
    server.use(
      http.post('*/logout', () => HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 })),
    );
    expect(await rejectionStatus(logout())).toBe(419);
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
