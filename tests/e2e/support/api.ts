import { request, type APIRequestContext } from 'playwright-core';
import type { SmtpListener } from './smtp';

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

/**
 * Registers a plain account through POST /register, as the registration form would, and
 * confirms its address with the mailed link (the e2e server runs with REGISTRATION=open).
 */
export async function registerAccount(baseURL: string, account: Account, inbox: SmtpListener): Promise<void> {
  const api = await apiSession(baseURL);
  try {
    const response = await api.post('/register', {
      headers: await xsrfHeader(api),
      data: { ...account, password_confirmation: account.password },
    });
    if (response.status() !== 201) {
      throw new Error(`POST /register gave ${response.status()}: ${await response.text()}`);
    }
    const mail = await inbox.waitForMail(account.email);
    const link = /https?:\/\/[^\s"<>]+\/verify-email\?[^\s"<>]+/.exec(mail.text)?.[0];
    if (link === undefined) throw new Error(`no confirmation link in the mail:\n${mail.text}`);
    const confirmed = await api.post('/api/verify-email', {
      headers: await xsrfHeader(api),
      data: { email: account.email, token: new URL(link).searchParams.get('token') ?? '' },
    });
    if (confirmed.status() !== 200) {
      throw new Error(`POST /api/verify-email gave ${confirmed.status()}: ${await confirmed.text()}`);
    }
  } finally {
    await api.dispose();
  }
}
