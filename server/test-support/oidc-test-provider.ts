import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderContext } from 'oidc-provider';

/** An account at the test provider: its claims, groups among them. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  acr?: string;
}

export interface TestProviderOptions {
  /** The app's origin (APP_URL): the redirect URI registered is `<appUrl>/auth/oidc/callback`. */
  appUrl: string;
  clientId?: string;
  clientSecret?: string;
  /** More clients, for tokens meant for someone else. */
  otherClients?: { clientId: string; clientSecret: string }[];
  accounts: ProviderAccount[];
  /** Port to listen on; 0 (a free one) by default. */
  port?: number;
  /** How long an authorization code lives, in seconds (oidc-provider's default is 60). */
  codeTtlSeconds?: number;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider, OpenID-certified) on loopback, with a
 * registered confidential client, the given accounts and a `groups` claim (in the profile
 * scope). Its development login form signs in whichever account name is typed, any password.
 * Consent is taken as given for the registered client, as an organisation's own provider does.
 */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? 'atlasboard';
  const clientSecret = options.clientSecret ?? 'test-provider-client-secret';
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const client = (id: string, secret: string) => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: [`${options.appUrl}/auth/oidc/callback`],
    post_logout_redirect_uris: [`${options.appUrl}/login`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
  });
  const provider = new Provider(issuer, {
    clients: [
      client(clientId, clientSecret),
      ...(options.otherClients ?? []).map((other) => client(other.clientId, other.clientSecret)),
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups'],
      acr: null,
    },
    acrValues: ['urn:example:mfa', 'urn:example:password'],
    findAccount: (_context: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: options.codeTtlSeconds ?? 60,
      AccessToken: 600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    async loadExistingGrant(context: ProviderContext) {
      const { client: registered, session, provider: self } = context.oidc;
      if (!registered || !session?.accountId) return undefined;
      const grant = new self.Grant({ clientId: registered.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // Quiet: the provider warns about its development-only defaults on every start.
  provider.on('server_error', () => undefined);
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider: keeps the provider's cookies, follows its redirects, fills in its
 * login form, and stops at the first redirect that leaves the provider (back to the app).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  options: { cookies?: Map<string, string> } = {},
): Promise<URL> {
  const cookies = options.cookies ?? new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 10; step += 1) {
    const response = await send(url, init);
    init = {};
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action)
      throw new Error(`the provider answered ${response.status}: ${page}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
    };
  }
  throw new Error('the provider never sent the browser back');
}
