/**
 * The one caller both parity drivers share: a fetch-based stand-in for the app's axios client
 * (src/lib/http-client.ts), which sends `X-Requested-With` and echoes the readable XSRF-TOKEN
 * cookie in `X-XSRF-TOKEN`. Where cookies live is the driver's business (a browser's jar for
 * the real server, the mock's own cookie store for MSW), so the scenarios never see it.
 */
export interface ParityResponse {
  status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
  contentType: string | null;
  /** The raw body's length in bytes (downloads). */
  size: number;
  /** The body as text (for the check against the document). */
  text: string;
}

export interface ParityClient {
  /** `xsrf: false` leaves out the X-XSRF-TOKEN echo, as a forged cross-site request would. */
  request(
    method: string,
    path: string,
    body?: unknown,
    options?: { xsrf?: boolean },
  ): Promise<ParityResponse>;
}

/** Cookies as the caller's browser keeps them. */
export interface CookieJar {
  /** The `Cookie` header to send, if any. */
  header(): string | undefined;
  get(name: string): string | undefined;
  /** Takes the response's `Set-Cookie` headers. */
  store(setCookies: readonly string[]): void;
}

/** A browser's jar: name=value pairs from Set-Cookie, dropped when expired or emptied. */
export function memoryCookieJar(): CookieJar {
  const cookies = new Map<string, string>();
  return {
    header: () =>
      cookies.size === 0 ? undefined : [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name) => {
      const value = cookies.get(name);
      return value === undefined ? undefined : decodeURIComponent(value);
    },
    store(setCookies) {
      for (const line of setCookies) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const expired = attributes.some((attribute) => {
          const [key = '', setting = ''] = attribute.trim().split('=');
          if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
          if (key.toLowerCase() === 'expires') return Date.parse(setting) < Date.now();
          return false;
        });
        if (expired || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

export function parityClient(baseUrl: string, jar: CookieJar): ParityClient {
  return {
    async request(method, path, body, options = {}) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      };
      const cookie = jar.header();
      if (cookie !== undefined) headers.Cookie = cookie;
      const xsrf = jar.get('XSRF-TOKEN');
      if (xsrf !== undefined && options.xsrf !== false) headers['X-XSRF-TOKEN'] = xsrf;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(new URL(path, baseUrl), {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      jar.store(response.headers.getSetCookie());
      const raw = new Uint8Array(await response.arrayBuffer());
      const contentType = response.headers.get('content-type');
      let parsed: unknown;
      if (contentType?.includes('json') && raw.length > 0) {
        try {
          parsed = JSON.parse(new TextDecoder().decode(raw)) as unknown;
        } catch {
          parsed = undefined;
        }
      }
      const text = new TextDecoder().decode(raw);
      return { status: response.status, body: parsed, contentType, size: raw.length, text };
    },
  };
}

/**
 * Every answer checked against the OpenAPI document as it arrives: its status is one the
 * operation declares and a JSON body matches the declared schema. Both backends get the same check.
 */
export function documented(
  client: ParityClient,
  check: (
    method: string,
    path: string,
    status: number,
    body: string,
    contentType: string | undefined,
  ) => void,
): ParityClient {
  return {
    async request(method, path, body, options) {
      const response = await client.request(method, path, body, options);
      check(
        method,
        new URL(path, 'http://document.invalid').pathname,
        response.status,
        response.text,
        response.contentType ?? undefined,
      );
      return response;
    },
  };
}
