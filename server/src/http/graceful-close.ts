import type { FastifyInstance } from 'fastify';

const SWEEP_MS = 100;

/**
 * `app.close()` (SIGTERM, SIGINT, the tests) lets the requests under way finish. Node closes the
 * connections idle at that moment only: one whose answer ends later, or one that connects just
 * then, would stay open for its keep-alive time (72 s) and hold the close up that long, past a
 * supervisor's patience and before the database is closed. While closing, every answer says
 * `Connection: close`, and connections are closed as soon as they are idle.
 */
export function closeConnectionsWhenIdle(app: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
