import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsWhenIdle } from './graceful-close.ts';

/** A GET over a keep-alive agent: its Connection header and status once the body has been read. */
function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('closing the server', () => {
  it('lets a request under way finish, then closes its keep-alive connection instead of waiting for it', async () => {
    const app = Fastify();
    closeConnectionsWhenIdle(app);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const started = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });

    const answer = get(port, '/slow', agent);
    await started;
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    // Still under way: the close waits for it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    release();

    expect(await answer).toEqual({ status: 200, connection: 'close' });
    // Without the sweep the idle keep-alive connection would keep the close waiting 72 s, past this
    // test's limit.
    await closing;
    expect(closed).toBe(true);
    agent.destroy();
  }, 20_000);
});
