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
 * `true|false|1|0`, and a bare name as true (the product specification writes `?with_layers`). Anything else is
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

function querySchemas(document: OpenApiDocument, operation: Operation) {
  return operation.parameters
    .filter(({ parameter }) => parameter.in === 'query' && parameter.schema !== undefined)
    .map(({ parameter, pointer }) => ({
      parameter: parameter as typeof parameter & { explode?: boolean; 'x-clamp-maximum'?: boolean },
      schema: deref<JsonSchema>(document, parameter.schema as JsonSchema, `${pointer}/schema`).value,
    }));
}

/** Array parameters sent as one comma-separated value (`bbox=1,2,3,4`: `style: form`, `explode: false`). */
export function formListQueryNames(document: OpenApiDocument, operation: Operation): string[] {
  return querySchemas(document, operation)
    .filter(({ parameter, schema }) => schema.type === 'array' && parameter.explode === false)
    .map(({ parameter }) => parameter.name);
}

/** A parameter marked `x-clamp-maximum`: a value above the maximum means the maximum (OGC's `limit`), not an error. */
export function clampedQueryParameters(
  document: OpenApiDocument,
  operation: Operation,
): { name: string; maximum: number }[] {
  return querySchemas(document, operation)
    .filter(
      ({ parameter, schema }) => parameter['x-clamp-maximum'] === true && typeof schema.maximum === 'number',
    )
    .map(({ parameter, schema }) => ({ name: parameter.name, maximum: schema.maximum as number }));
}

/** `1,2,3,4` → `['1', '2', '3', '4']`, for the validator to check and coerce each item. */
export function readQueryLists(query: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string') query[name] = value.split(',');
  }
}

export function clampQueryValues(
  query: Record<string, unknown>,
  clamped: readonly { name: string; maximum: number }[],
): void {
  for (const { name, maximum } of clamped) {
    const value = query[name];
    if (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) > maximum)
      query[name] = String(maximum);
  }
}
