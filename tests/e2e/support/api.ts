import { request, type APIRequestContext } from 'playwright-core';

export type Account = { name: string; email: string; password: string };

/**
 * Talks to the API the way the client does (session cookie, XSRF-TOKEN echoed in
 * X-XSRF-TOKEN, the XMLHttpRequest marker), for setting up the people a flow needs.
 */
async function apiSession(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  // Any answer hands out the XSRF cookie; signed out this one is a 401.
  await api.get('/api/user');
  return api;
}

async function xsrfHeader(api: APIRequestContext): Promise<Record<string, string>> {
  const cookie = (await api.storageState()).cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) };
}

/** Registers a plain account through POST /register, as the registration form would. */
export async function registerAccount(baseURL: string, account: Account): Promise<void> {
  const api = await apiSession(baseURL);
  try {
    const response = await api.post('/register', {
      headers: await xsrfHeader(api),
      data: { ...account, password_confirmation: account.password },
    });
    if (response.status() !== 201) {
      throw new Error(`POST /register gave ${response.status()}: ${await response.text()}`);
    }
  } finally {
    await api.dispose();
  }
}
