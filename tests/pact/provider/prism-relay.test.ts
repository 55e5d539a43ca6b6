import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRelay, type Exchange, type Relay } from './prism-relay';

/**
 * The relay `npm run prism:pass` puts between the Pact verifier and Prism, against a stand-in for
 * Prism that records the bytes it receives and answers as Prism does: the server's headers plus
 * an `sl-violations` header.
 */
let upstream: Server | undefined;
let relay: Relay | undefined;

afterEach(async () => {
  await relay?.close();
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
  upstream = undefined;
  relay = undefined;
});

const VIOLATIONS = [
  { location: ['response'], severity: 'Warning', message: 'Unable to match the returned status code' },
];

async function standIn(received: string[]): Promise<string> {
  upstream = createServer((socket) => {
    socket.on('data', (data: Buffer) => {
      received.push(data.toString('latin1'));
      socket.end(
        [
          'HTTP/1.1 204 No Content',
          'Set-Cookie: atlasboard_session=; Path=/; Max-Age=0',
          'Set-Cookie: XSRF-TOKEN=abc; Path=/',
          `sl-violations: ${JSON.stringify(VIOLATIONS)}`,
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
      );
    });
  });
  await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A bodiless POST framed as the verifier frames it: chunked, with only the last, empty chunk. */
function chunkedPost(url: string): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}/logout`, {
      method: 'POST',
      headers: { 'Transfer-Encoding': 'chunked', 'X-XSRF-TOKEN': 'abc' },
    });
    outgoing.on('response', (answer) => {
      answer.resume();
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, setCookie: answer.headers['set-cookie'] ?? [] }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the relay in front of Prism', () => {
  it('forwards a chunked bodiless POST with Content-Length: 0 and no Transfer-Encoding', async () => {
    const received: string[] = [];
    relay = await startRelay(await standIn(received), []);

    await chunkedPost(relay.url);

    const head = (received.join('').split('\r\n\r\n')[0] ?? '').toLowerCase();
    expect(head).toMatch(/^post \/logout http\/1\.1\r\n/);
    expect(head).toContain('\r\ncontent-length: 0');
    expect(head).not.toContain('transfer-encoding');
    expect(head).toContain('\r\nx-xsrf-token: abc');
  });

  it("records Prism's violations by request and hands the answer back with each Set-Cookie", async () => {
    const exchanges: Exchange[] = [];
    relay = await startRelay(await standIn([]), exchanges);

    const answer = await chunkedPost(relay.url);

    expect(answer).toEqual({
      status: 204,
      setCookie: ['atlasboard_session=; Path=/; Max-Age=0', 'XSRF-TOKEN=abc; Path=/'],
    });
    expect(exchanges).toEqual([{ method: 'POST', path: '/logout', status: 204, violations: VIOLATIONS }]);
  });
});
