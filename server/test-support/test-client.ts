import type { FastifyInstance } from 'fastify';
import { assertDocumentedResponse } from './openapi-response.ts';

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The body's bytes (downloads). */
  raw: Buffer;
  /** The parsed JSON body (undefined when empty). */
  body: unknown;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Sent as JSON unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string | Buffer;
  /** Skip the X-XSRF-TOKEN echo (to test 419). */
  noXsrf?: boolean;
  /** Skip checking the response against the document (only for deliberately undocumented cases). */
  unchecked?: boolean;
}

/**
 * A browser-like caller over fastify.inject: keeps cookies, echoes XSRF-TOKEN like axios,
 * and checks every response against the document's response schema.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(method: string, url: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.xsrf;
    if (!options.noXsrf && xsrf !== undefined && headers['x-xsrf-token'] === undefined)
      headers['x-xsrf-token'] = xsrf;
    let payload: string | Buffer | undefined = options.rawBody;
    if (payload === undefined && options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const response = await this.app.inject({
      method: method as 'GET',
      url: `${url}${query}`,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const contentType = response.headers['content-type'];
    if (!options.unchecked) {
      assertDocumentedResponse(
        method,
        url,
        response.statusCode,
        response.body,
        typeof contentType === 'string' ? contentType : undefined,
      );
    }
    const body: unknown = response.body === '' ? undefined : safeParse(response.body);
    return {
      status: response.statusCode,
      headers: response.headers,
      text: response.body,
      raw: response.rawPayload,
      body,
      json: <T>() => body as T,
    };
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, { ...options, body });
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }

  /** Picks up an XSRF-TOKEN cookie the way a page load would. */
  async prime(): Promise<void> {
    await this.get('/api/user');
  }

  async login(email: string, password: string): Promise<TestResponse> {
    if (!this.xsrf) await this.prime();
    return this.post('/login', { email, password });
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
