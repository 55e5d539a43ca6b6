import { deref, type JsonSchema, type OpenApiDocument, type Operation } from './document.ts';

/** Spellings of a boolean query value; a bare `?with_layers` arrives as ''. */
const FLAG_VALUES: ReadonlyMap<string, boolean> = new Map([
  ['', true],
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/** The names of the operation's query parameters whose schema is a boolean. */
export function booleanQueryNames(document: OpenApiDocument, operation: Operation): string[] {
  return operation.parameters
    .filter(({ parameter }) => parameter.in === 'query' && parameter.schema !== undefined)
    .filter(({ parameter, pointer }) => {
      const schema = deref<JsonSchema>(document, parameter.schema as JsonSchema, `${pointer}/schema`).value;
      return schema.type === 'boolean';
    })
    .map(({ parameter }) => parameter.name);
}

/**
 * Boolean query values as the Laravel-style API the client was written for takes them:
 * `true|false|1|0`, and a bare name as true (SPEC writes `?with_layers`). Anything else is
 * left as sent, for the validator to refuse with a 422 that names the parameter.
 */
export function readQueryFlags(query: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    if (!Object.hasOwn(query, name)) continue;
    const value = query[name];
    // A name given twice (`?a&a=0`) counts by its last value, as PHP reads a query string.
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last !== 'string') continue;
    const flag = FLAG_VALUES.get(last.trim().toLowerCase());
    if (flag !== undefined) query[name] = flag;
  }
}
