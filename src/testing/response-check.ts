import { prettifyError, ZodType } from 'zod';
import openapi from '../../generated/openapi.json';
import { http, type ResponseCheck } from '../lib/http-client';

/**
 * Tests install this through the mutator's `setResponseCheck` hook so that a response
 * (from MSW or anything else) that does not match the document fails loudly at the call,
 * instead of surfacing later as a confusing rendering bug.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
}
interface OperationObject {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, ResponseObject>;
}

export type BodyKind = 'json' | 'other' | 'none';

export interface DocumentOperation {
  method: HttpMethod;
  /** The path template as written in the document, e.g. `/api/users/{id}`. */
  path: string;
  operationId: string;
  tags: readonly string[];
  pattern: RegExp;
  /** Documented status → the kind of body it carries; only JSON bodies have zod schemas. */
  responses: ReadonlyMap<string, BodyKind>;
  /** Alternatives of security scheme names; any one alternative satisfied is enough. */
  security: ReadonlyArray<readonly string[]>;
}

const document: unknown = openapi;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Resolves a local `#/a/b` reference (redocly's bundle keeps shared responses as refs). */
function resolveRef(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), document);
}

/** Binary downloads (exports, attachments) have no JSON body and so no zod schema to check. */
function bodyKind(response: ResponseObject): BodyKind {
  const resolved = response.$ref === undefined ? response : resolveRef(response.$ref);
  if (!isRecord(resolved) || !isRecord(resolved.content)) return 'none';
  const types = Object.keys(resolved.content);
  if (types.length === 0) return 'none';
  return types.some((type) => /^application\/(.+\+)?json/.test(type)) ? 'json' : 'other';
}

function securityNames(requirements: unknown): string[][] {
  return Array.isArray(requirements)
    ? requirements.filter(isRecord).map((requirement) => Object.keys(requirement))
    : [];
}

function templateToPattern(path: string): RegExp {
  const escaped = path
    .split(/\{[^}]+\}/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

function readOperations(): DocumentOperation[] {
  const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
  const defaultSecurity = isRecord(document) ? securityNames(document.security) : [];
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (operation?.operationId === undefined) continue;
      const responses = new Map<string, BodyKind>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        responses.set(status, bodyKind(response));
      }
      operations.push({
        method,
        path,
        operationId: operation.operationId,
        tags: operation.tags ?? [],
        pattern: templateToPattern(path),
        responses,
        security: operation.security === undefined ? defaultSecurity : securityNames(operation.security),
      });
    }
  }
  // Literal paths before templated ones, so `/api/maps/create` never matches `/api/maps/{id}`.
  return operations.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
}

/** Every operation of `generated/openapi.json`. */
export const documentOperations: readonly DocumentOperation[] = readOperations();

export function findOperation(method: string, pathname: string): DocumentOperation | undefined {
  const lower = method.toLowerCase();
  return documentOperations.find(
    (operation) => operation.method === lower && operation.pattern.test(pathname),
  );
}

// Regenerate-safe: new tags bring new files, picked up without touching this list.
const zodModules = import.meta.glob<Record<string, unknown>>('../../generated/zod/**/*.zod.ts', {
  eager: true,
});

function findZodSchema(exportName: string): ZodType | undefined {
  for (const module of Object.values(zodModules)) {
    const candidate = module[exportName];
    if (candidate instanceof ZodType) return candidate;
  }
  return undefined;
}

/** `<operationId><status>Response`: orval's name with `generateEachHttpStatus`. */
export function responseSchemaName(operationId: string, status: number | string): string {
  return `${operationId}${status}Response`;
}

export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

function isEmptyBody(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/** Throws a ResponseContractError when the response is not what the document promises. */
export const checkResponse: ResponseCheck = (response) => {
  const method = (response.config.method ?? 'get').toUpperCase();
  // getUri joins baseURL and url the way the request did; relative results are same-origin.
  const url = new URL(http.getUri(response.config), 'http://localhost');
  const where = `${method} ${url.pathname} → ${response.status}`;
  const operation = findOperation(method, url.pathname);
  if (operation === undefined) {
    throw new ResponseContractError(`${where}: no operation in generated/openapi.json matches this request.`);
  }
  const status = String(response.status);
  const kind = operation.responses.get(status);
  if (kind === undefined) {
    throw new ResponseContractError(
      `${where}: status ${status} is not documented for ${operation.operationId} (documented: ${[...operation.responses.keys()].join(', ')}).`,
    );
  }
  if (kind === 'other') return;
  if (kind === 'none') {
    if (!isEmptyBody(response.data)) {
      throw new ResponseContractError(
        `${where}: ${operation.operationId} documents no body for ${status}, got one.`,
      );
    }
    return;
  }
  const name = responseSchemaName(operation.operationId, status);
  const schema = findZodSchema(name);
  if (schema === undefined) {
    throw new ResponseContractError(`${where}: generated/zod has no ${name}; run \`npm run generate\`.`);
  }
  const result = schema.safeParse(response.data);
  if (!result.success) {
    throw new ResponseContractError(
      `${where}: body does not match ${name} (${operation.operationId}):\n${prettifyError(result.error)}`,
    );
  }
};
