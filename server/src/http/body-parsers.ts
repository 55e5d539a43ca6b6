import type { FastifyInstance } from 'fastify';
import { msg } from '../i18n/messages.ts';
import { invalid } from './http-error.ts';

/** A body in a media type the server does not read; an error only where the operation takes a body. */
export class UnreadBody {
  constructor(readonly contentType: string) {}
}

const invalidJson = () => invalid({ body: [msg('validation.json')] });

/**
 * JSON bodies, where an empty body counts as none (axios sends POSTs without data that way),
 * and any other media type kept as an UnreadBody so operations without a body ignore it.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(;.*)?$/,
    { parseAs: 'string' },
    (_request, text, done) => {
      const source = String(text);
      if (source.trim() === '') return done(null, undefined);
      try {
        // Own "__proto__" keys are dropped so no later merge can reach Object.prototype.
        done(
          null,
          JSON.parse(source, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
        );
      } catch {
        done(invalidJson(), undefined);
      }
    },
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const length = Buffer.isBuffer(body) ? body.length : String(body).length;
    done(null, length === 0 ? undefined : new UnreadBody(String(request.headers['content-type'] ?? '')));
  });
}
