import type { FastifyInstance } from 'fastify';
import { msg } from '../i18n/messages.ts';
import { invalid } from './http-error.ts';

/** A body in a media type the server does not read; an error only where the operation takes a body. */
export class UnreadBody {
  constructor(readonly contentType: string) {}
}

const invalidJson = () => invalid({ body: [msg('validation.json')] });

/**
 * How deep arrays and objects may nest in a JSON body. The deepest thing the API takes is a
 * CQL2-JSON filter or a MultiPolygon inside a list of features (about ten levels); 450,000
 * opening brackets cost JSON.parse a third of a second before it refused them, anonymously.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `source` nests arrays or objects deeper than `limit`, read in one pass over the text
 * (brackets inside strings do not count) and stopping at the first level too deep, before
 * anything is built.
 */
export function nestsDeeperThan(source: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const code = source.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

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
      if (nestsDeeperThan(source, MAX_JSON_DEPTH))
        return done(invalid({ body: [msg('validation.json_depth', { limit: MAX_JSON_DEPTH })] }), undefined);
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
