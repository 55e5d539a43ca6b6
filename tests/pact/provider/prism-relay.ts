import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/** One violation as Prism lists it in its `sl-violations` header. */
export type Violation = { location: string[]; severity: string; code?: string | number; message: string };
/** One request that went through Prism, with what Prism found in it and its answer. */
export type Exchange = { method: string; path: string; status: number; violations: Violation[] };
export type Relay = { url: string; close: () => Promise<void> };

/**
 * Forwards each request to Prism and each answer back unchanged, recording Prism's
 * `sl-violations` header. One thing it does change, a workaround for Prism: the Pact verifier
 * sends a POST without a body (sign-out, a hydraulic simulation) as `Transfer-Encoding: chunked`
 * with an empty last chunk; Prism copies that header on to the server and adds its own
 * `Content-Length: 0`, and a request with both is malformed HTTP, which the server (Node's
 * parser, as any careful one) refuses with 400 before any route sees it. The relay reads the
 * whole body and sends it to Prism with a plain `Content-Length` instead: the same request,
 * framed so that Prism forwards it intact.
 */
export function startRelay(prismUrl: string, exchanges: Exchange[]): Promise<Relay> {
  const target = new URL(prismUrl);
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers[name] = value;
      }
      if (body.length > 0 || !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(incoming.method ?? 'GET')) {
        headers['content-length'] = String(body.length);
      }
      const forwarded = httpRequest(
        {
          hostname: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers,
        },
        (answer) => {
          const recorded = answer.headers['sl-violations'];
          let violations: Violation[] = [];
          if (typeof recorded === 'string') {
            try {
              violations = JSON.parse(recorded) as Violation[];
            } catch {
              violations = [
                {
                  location: ['response'],
                  severity: 'Error',
                  message: `unreadable sl-violations: ${recorded}`,
                },
              ];
            }
          }
          exchanges.push({
            method: incoming.method ?? 'GET',
            path: incoming.url ?? '/',
            status: answer.statusCode ?? 0,
            violations,
          });
          // Raw headers, so that a repeated header (Set-Cookie) goes back as it came.
          const raw: string[] = [];
          for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
            const name = answer.rawHeaders[index] ?? '';
            if (HOP_BY_HOP.has(name.toLowerCase())) continue;
            raw.push(name, answer.rawHeaders[index + 1] ?? '');
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', (error) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(`relay: Prism did not answer: ${error.message}`);
      });
      forwarded.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('relay: no port'));
        return;
      }
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
]);
