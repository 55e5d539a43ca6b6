import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts of an OpenAPI 3.1 document the server reads. */
export type JsonSchema = Record<string, unknown>;
export type SecurityRequirement = Record<string, string[]>;

interface Reference {
  $ref: string;
}
export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
export interface MediaTypeObject {
  schema?: JsonSchema;
}
export interface RequestBodyObject {
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}
export interface ResponseObject {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaTypeObject>;
}
export interface OperationObject {
  operationId: string;
  tags?: string[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject | Reference;
  responses: Record<string, ResponseObject | Reference>;
  security?: SecurityRequirement[];
}
export type PathItem = Record<string, unknown> & { parameters?: (ParameterObject | Reference)[] };
export interface OpenApiDocument {
  openapi: string;
  /** Operations sent other than as GET that change no data (openapi.yaml says why). */
  'x-read-only-operations'?: string[];
  security?: SecurityRequirement[];
  paths: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** As written in the document: `/api/users/{id}`. */
  path: string;
  /** JSON pointer to the operation object, for `$ref`s into the document. */
  pointer: string;
  operation: OperationObject;
  /** Path-level and operation-level parameters, each with its pointer in the document. */
  parameters: { parameter: ParameterObject; pointer: string }[];
  requestBody: RequestBodyObject | undefined;
  /** Pointer to the request body object (after following a `$ref`). */
  requestBodyPointer: string | undefined;
  security: SecurityRequirement[];
}

const DOCUMENT_PATH = fileURLToPath(new URL('../../../generated/openapi.json', import.meta.url));

export function loadDocument(file: string = DOCUMENT_PATH): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

let served: OpenApiDocument | undefined;

/**
 * The document an app is built from, read once per process: nothing changes it once read, and
 * keeping the one object lets the next app reuse its compiled validators (bind-operations.ts).
 */
export function servedDocument(): OpenApiDocument {
  served ??= loadDocument();
  return served;
}

/** The operations a read-only token may call besides every GET. */
export function readOnlyOperations(document: OpenApiDocument): ReadonlySet<string> {
  return new Set(document['x-read-only-operations'] ?? []);
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** Follows local `$ref`s (`#/components/...`) until a real object; returns it with its pointer. */
export function deref<T>(
  document: OpenApiDocument,
  value: T | Reference,
  pointer: string,
): { value: T; pointer: string } {
  let current: unknown = value;
  let at = pointer;
  for (let hops = 0; isReference(current); hops += 1) {
    if (hops > 20 || !current.$ref.startsWith('#/'))
      throw new Error(`Unsupported $ref ${current.$ref} at ${at}`);
    at = current.$ref.slice(1);
    current = at
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (current === undefined) throw new Error(`Dangling $ref ${at}`);
  }
  return { value: current as T, pointer: at };
}

export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pathPointer = `/paths/${escapePointer(path)}`;
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const pointer = `${pathPointer}/${method}`;
      const byKey = new Map<string, { parameter: ParameterObject; pointer: string }>();
      const collect = (list: (ParameterObject | Reference)[] | undefined, at: string) =>
        list?.forEach((entry, index) => {
          const resolved = deref<ParameterObject>(document, entry, `${at}/parameters/${index}`);
          byKey.set(`${resolved.value.in}:${resolved.value.name}`, {
            parameter: resolved.value,
            pointer: resolved.pointer,
          });
        });
      collect(item.parameters, pathPointer);
      collect(operation.parameters, pointer);
      const body = operation.requestBody
        ? deref<RequestBodyObject>(document, operation.requestBody, `${pointer}/requestBody`)
        : undefined;
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        pointer,
        operation,
        parameters: [...byKey.values()],
        requestBody: body?.value,
        requestBodyPointer: body?.pointer,
        security: operation.security ?? document.security ?? [],
      });
    }
  }
  return operations;
}

/** Schemes that name a user: the session cookie or a personal access token. */
const SIGN_IN_SCHEMES = ['session', 'bearerToken', 'basicToken'];

/** Signed-in only when every alternative of the operation's security needs a user. */
export function needsSession(operation: Operation): boolean {
  return (
    operation.security.length > 0 &&
    operation.security.every((requirement) => SIGN_IN_SCHEMES.some((scheme) => scheme in requirement))
  );
}
