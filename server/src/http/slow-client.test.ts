import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * A client that sends its headers a few bytes at a time (slowloris) must not keep a
 * connection: the headers' time limit counts from the first byte, whatever keeps arriving.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ HEADERS_TIMEOUT_MS: '1500' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

describe('a client that trickles its headers', () => {
  it('is answered 408 and cut off, though a header line keeps arriving every 200 ms', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.write('GET /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let line = 0;
    const trickle = setInterval(() => {
      line += 1;
      if (!socket.destroyed) socket.write(`X-Slow-${line}: a\r\n`);
    }, 200);
    // Ends when the server closes the connection; without a limit it would trickle on for minutes.
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 60_000);

  it('its limits come from the environment, with defaults', () => {
    expect([t.config.headersTimeoutMs, t.config.requestTimeoutMs]).toEqual([1500, 300_000]);
  });
});
