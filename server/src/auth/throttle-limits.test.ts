import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { currentTotpCode } from './totp.ts';

// One trusted proxy hop: the proxy appends the address it saw, so that last entry is the client.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

let clientCount = 0;
/** A guest behind the proxy at this address; `claimed` is what the caller itself put in X-Forwarded-For. */
async function guestFrom(address: string) {
  const client = t.client();
  const headers = (claimed?: string) => ({
    'x-forwarded-for': claimed === undefined ? address : `${claimed}, ${address}`,
  });
  await client.get('/api/user', { headers: headers() });
  return {
    post: (url: string, body: unknown, claimed?: string) =>
      client.post(url, body, { headers: headers(claimed) }),
  };
}
function newAddress(): string {
  clientCount += 1;
  return `198.51.100.${clientCount}`;
}

async function userWithTwoFactor() {
  const { client, user } = await t.signedIn('user');
  const { secret } = (await client.post('/api/user/two-factor')).json<{ data: { secret: string } }>().data;
  const confirm = await client.post('/api/user/two-factor/confirm', {
    code: currentTotpCode(secret),
    password: user.password,
  });
  expect(confirm.status).toBe(200);
  return { user, secret };
}

describe('second-step codes', () => {
  it('are throttled per account: right passwords in between never clear the count', async () => {
    const { user } = await userWithTwoFactor();
    const guest = await guestFrom(newAddress());
    const credentials = { email: user.email, password: user.password };
    const statuses: number[] = [];
    for (let round = 0; round < 50; round += 1) {
      const first = await guest.post('/login', credentials);
      expect(first.json()).toEqual({ next_step: '2fa' });
      statuses.push((await guest.post('/login', { ...credentials, code: '000000' })).status);
      if (statuses.at(-1) === 429) break;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(422), 429]);
    // /login2fa and another IP guess on the same account's counter.
    expect((await guest.post('/login2fa', { ...credentials, code: '222222' })).status).toBe(429);
    const elsewhere = await guestFrom(newAddress());
    expect((await elsewhere.post('/login2fa', { ...credentials, code: '111111' })).status).toBe(429);
  });
});

describe('per-IP limits', () => {
  it('answer 429 to one IP spraying wrong passwords over 50 emails', async () => {
    const guest = await guestFrom(newAddress());
    const statuses: number[] = [];
    for (let index = 0; index < 50; index += 1)
      statuses.push(
        (await guest.post('/login', { email: `spray${index}@example.com`, password: 'Winter2026!' })).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(20);
    // Another client is not affected.
    const user = await t.createUser();
    const other = await guestFrom(newAddress());
    expect((await other.post('/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('are not reset by rotating X-Forwarded-For in front of the trusted proxy', async () => {
    const user = await t.createUser();
    const guest = await guestFrom(newAddress());
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1)
      statuses.push(
        (
          await guest.post(
            '/login',
            { email: user.email, password: 'wrong password' },
            `203.0.113.${index + 1}`,
          )
        ).status,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
  });

  it('judge a parallel burst of 30 wrong passwords for one account at most 5 times', async () => {
    const user = await t.createUser();
    const guest = await guestFrom(newAddress());
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        guest.post('/login', { email: user.email, password: 'wrong password' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('cap every request to the auth routes from one IP (AUTH_RATE_LIMIT a minute)', async () => {
    const guest = await guestFrom(newAddress());
    const statuses: number[] = [];
    for (let index = 0; index < t.config.authRateLimit + 1; index += 1)
      statuses.push(
        (await guest.post('/api/forget-password', { email: `someone${index}@example.com` })).status,
      );
    expect(statuses.at(-1)).toBe(429);
  });
});
