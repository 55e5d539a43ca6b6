import { createHash, randomBytes } from 'node:crypto';
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

/** A provider and one of its clients: where an ID token is minted, and for whom. */
export interface TokenSource {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface TestProvider extends TokenSource {
  accounts: Map<string, ProviderAccount>;
  /** How long the codes issued from now on live, in seconds. */
  setCodeTtl(seconds: number): void;
  /**
   * While set, the token endpoint answers with an ID token that `source` minted in a code flow
   * of its own for the same account and nonce: real and signed, but for another audience or by
   * another issuer when `source` is another client or another provider. The code sent to the
   * token endpoint is still exchanged (and used up) as usual.
   */
  answerWithIdTokenFrom(source: TokenSource | undefined): void;
  close(): Promise<void>;
}

/** Marks the provider's own calls to its token endpoint, which are answered as they are. */
const OWN_CALL = 'x-test-provider-own-call';

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
  let codeTtl = options.codeTtlSeconds ?? 60;
  let idTokenSource: TokenSource | undefined;
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
      AuthorizationCode: () => codeTtl,
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
  const answer = provider.callback();
  handle = (request, response) => {
    const source = idTokenSource;
    if (source && request.method === 'POST' && request.url === '/token' && !request.headers[OWN_CALL]) {
      answerWithForeignIdToken(request, response, issuer, options.appUrl, source).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    answer(request, response);
  };
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setCodeTtl: (seconds) => {
      codeTtl = seconds;
    },
    answerWithIdTokenFrom: (source) => {
      idTokenSource = source;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The token endpoint's answer, with the ID token swapped for one `source` minted. */
async function answerWithForeignIdToken(
  request: IncomingMessage,
  response: ServerResponse,
  issuer: string,
  appUrl: string,
  source: TokenSource,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const own = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      [OWN_CALL]: '1',
      'content-type': request.headers['content-type'] ?? '',
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    },
    body: Buffer.concat(chunks),
  });
  const body = (await own.json()) as Record<string, unknown>;
  if (own.ok && typeof body.id_token === 'string') {
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
      nonce?: string;
    };
    body.id_token = await mintIdToken(source, appUrl, claims.sub, claims.nonce);
  }
  response.statusCode = own.status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

/** An ID token from `source` for `login`, by a code flow of its own (PKCE, the given nonce). */
async function mintIdToken(
  source: TokenSource,
  appUrl: string,
  login: string,
  nonce: string | undefined,
): Promise<string> {
  const redirectUri = `${appUrl}/auth/oidc/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const authorization = new URL(`${source.issuer}/auth`);
  authorization.search = new URLSearchParams({
    client_id: source.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(nonce === undefined ? {} : { nonce }),
  }).toString();
  const code = (await signInAtProvider(authorization.href, login)).searchParams.get('code');
  if (!code) throw new Error(`${source.issuer} gave no code`);
  const credentials = `${encodeURIComponent(source.clientId)}:${encodeURIComponent(source.clientSecret)}`;
  const tokens = await fetch(`${source.issuer}/token`, {
    method: 'POST',
    headers: {
      [OWN_CALL]: '1',
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const minted = (await tokens.json()) as { id_token?: string };
  if (!minted.id_token) throw new Error(`${source.issuer} gave no ID token: ${JSON.stringify(minted)}`);
  return minted.id_token;
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
