import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RE2JS } from 're2js';
import type { JsonSchema, OpenApiDocument } from './document.ts';

export const DOCUMENT_ID = 'atlasboard-openapi';

// ajv-formats ships CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * The document's `pattern`s run on RE2 (re2js) rather than the JavaScript engine, as a
 * layer's attribute patterns do: a check takes time linear in the value. ajv calls `test`,
 * which searches (a pattern anchors itself with `^…$`, as JSON Schema says).
 */
const re2Engine = Object.assign(
  (pattern: string) => {
    const re2 = RE2JS.compile(pattern);
    // ajv keys its compiled patterns by `toString()`: each must name its own pattern.
    return { test: (value: string) => re2.test(value), toString: () => `/${pattern}/` };
  },
  { code: 'require("re2js").RE2JS.compile' },
);

export interface SchemaCompiler {
  /** A validator for the schema at `pointer` in the document (`$ref`s inside resolve against it). */
  compileAt(pointer: string): ValidateFunction;
  compile(schema: JsonSchema): ValidateFunction;
}

export type { ErrorObject, ValidateFunction };

/**
 * OpenAPI 3.1 schemas are JSON Schema 2020-12. `coerce` is for query and path values,
 * which arrive as text; bodies are checked as sent, so `"5"` is not an integer.
 */
export function createSchemaCompiler(
  document: OpenApiDocument,
  options: { coerce: boolean },
): SchemaCompiler {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.coerce,
    code: { regExp: re2Engine },
  });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const cache = new Map<string, ValidateFunction>();
  return {
    compileAt(pointer) {
      let validate = cache.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${encodeURI(pointer)}` });
        cache.set(pointer, validate);
      }
      return validate;
    },
    compile: (schema) => ajv.compile(schema),
  };
}
