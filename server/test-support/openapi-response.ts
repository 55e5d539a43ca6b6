import {
  deref,
  listOperations,
  loadDocument,
  type Operation,
  type ResponseObject,
} from '../src/openapi/document.ts';
import { createSchemaCompiler } from '../src/openapi/schema-compiler.ts';

const document = loadDocument();
const operations = listOperations(document);
const compiler = createSchemaCompiler(document, { coerce: false });

function templateRegex(path: string): RegExp {
  // Document paths hold only letters, digits, `/_-` and `{param}`.
  return new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

const matchers = operations.map((operation) => ({ operation, regex: templateRegex(operation.path) }));

/** The document's operation for a concrete request, preferring literal segments over templates. */
export function findOperation(method: string, url: string): Operation | undefined {
  const pathname = url.split('?')[0] ?? url;
  const candidates = matchers.filter(
    ({ operation, regex }) => operation.method === method.toLowerCase() && regex.test(pathname),
  );
  candidates.sort(
    (a, b) => (a.operation.path.match(/\{/g)?.length ?? 0) - (b.operation.path.match(/\{/g)?.length ?? 0),
  );
  return candidates[0]?.operation;
}

export function allOperations(): Operation[] {
  return operations;
}

/**
 * Throws unless the response is one the document declares for this operation: the
 * status is listed, and a JSON body matches its schema (or there is no body when none is declared).
 */
export function assertDocumentedResponse(
  method: string,
  url: string,
  status: number,
  body: string,
  contentType: string | undefined,
): void {
  const operation = findOperation(method, url);
  if (!operation) throw new Error(`${method} ${url}: no operation in the document`);
  const declared = operation.operation.responses[String(status)] ?? operation.operation.responses.default;
  if (!declared) {
    throw new Error(
      `${method} ${url} (${operation.operationId}): status ${status} is not documented; body ${body.slice(0, 300)}`,
    );
  }
  const { value: response, pointer } = deref<ResponseObject>(
    document,
    declared,
    `${operation.pointer}/responses/${status}`,
  );
  const json = response.content?.['application/json'];
  if (!response.content) {
    if (body !== '')
      throw new Error(`${method} ${url}: status ${status} declares no body but got ${body.slice(0, 200)}`);
    return;
  }
  if (!json) return; // binary responses: the media type is checked by the caller
  if (!contentType?.startsWith('application/json'))
    throw new Error(`${method} ${url}: expected JSON, got ${contentType}`);
  const validate = compiler.compileAt(`${pointer}/content/application~1json/schema`);
  const parsed: unknown = JSON.parse(body);
  if (!validate(parsed)) {
    throw new Error(
      `${method} ${url} (${operation.operationId}) ${status}: body does not match the document: ${JSON.stringify(validate.errors)}\n${body.slice(0, 500)}`,
    );
  }
}
