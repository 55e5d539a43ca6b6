/** A signed-in API session like the client's axios: a cookie jar and the XSRF echo. */
export class Session {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Headers a same-origin XHR from the app carries; load generators reuse them. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Cookie: this.cookieHeader,
      ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
      ...extra,
    };
  }

  async request(method: string, path: string, body?: unknown | FormData): Promise<Response> {
    const isForm = body instanceof FormData;
    const response = await fetch(this.origin + path, {
      method,
      headers: this.headers(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown | FormData): Promise<T> {
    const response = await this.request(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.request('GET', '/api/user');
    await this.json('POST', '/login', { email, password });
  }
}
