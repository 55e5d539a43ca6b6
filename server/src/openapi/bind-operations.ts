import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineAbilityFor } from '@shared/access/abilities.ts';
import { settleAuthWrites } from '../auth/auth-writes.ts';
import { operationAllowed } from '../auth/operation-abilities.ts';
import { NotFound } from '../domain-errors.ts';
import { UnreadBody } from '../http/body-parsers.ts';
import { authenticateRequest } from '../http/authenticate-request.ts';
import { setXsrfCookie } from '../http/cookies.ts';
import {
  badQuery,
  forbidden,
  HttpError,
  invalid,
  notFound,
  notImplemented,
  unauthenticated,
} from '../http/http-error.ts';
import type { AuthState } from '../http/request-auth.ts';
import type { AppServices } from '../services.ts';
import {
  listOperations,
  needsSession,
  readOnlyOperations,
  type OpenApiDocument,
  type Operation,
} from './document.ts';
import {
  booleanQueryNames,
  clampedQueryParameters,
  clampQueryValues,
  formListQueryNames,
  readQueryFlags,
  readQueryLists,
} from './query-flags.ts';
import { createSchemaCompiler, type SchemaCompiler, type ValidateFunction } from './schema-compiler.ts';
import { MAX_ID, nulCharacterErrors } from './text-rules.ts';
import { fieldErrors } from './validation-errors.ts';
import { msg, type Problems } from '../i18n/messages.ts';

export interface OperationContext<Body = unknown> {
  request: FastifyRequest;
  reply: FastifyReply;
  services: AppServices;
  auth: AuthState;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type OperationHandler = (context: OperationContext) => Promise<OperationResult>;
export type OperationHandlers = Readonly<Record<string, OperationHandler>>;

const JSON_TYPE = 'application/json';
/** Paths under one map: the app's `/api/maps/{id}/…` and the OGC API's `/ogc/maps/{map_id}/…`. */
const MAP_SCOPED = /^\/(api\/maps\/\{id\}|ogc\/maps\/\{map_id\})(\/|$)/;

interface Validators {
  params: ValidateFunction | undefined;
  query: ValidateFunction | undefined;
  body: ValidateFunction | undefined;
  bodyRequired: boolean;
  /** Query parameters read as flags (`?with_layers`, `=1`, `=0`) before validation. */
  flags: string[];
  /** Query parameters read as comma-separated lists (`style: form`, `explode: false`) before validation. */
  lists: string[];
  /** Integer query parameters whose values above `maximum` are read as the maximum. */
  clamped: { name: string; maximum: number }[];
  /** What a query the document refuses answers: the OGC API says 400 (OGC 17-069r4), the app 422. */
  queryStatus: 400 | 422;
}

function parameterSchema(
  operation: Operation,
  location: 'path' | 'query',
  pointerOf: (pointer: string) => string,
) {
  const entries = operation.parameters.filter((entry) => entry.parameter.in === location);
  if (entries.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(
      entries.map(({ parameter, pointer }) => [parameter.name, { $ref: pointerOf(`${pointer}/schema`) }]),
    ),
    required: entries
      .filter((entry) => entry.parameter.required === true)
      .map((entry) => entry.parameter.name),
  };
}

function buildValidators(
  document: OpenApiDocument,
  operation: Operation,
  loose: SchemaCompiler,
  strict: SchemaCompiler,
  documentId: string,
): Validators {
  const pointerOf = (pointer: string) => `${documentId}#${encodeURI(pointer)}`;
  const params = parameterSchema(operation, 'path', pointerOf);
  const query = parameterSchema(operation, 'query', pointerOf);
  const json = operation.requestBody?.content[JSON_TYPE];
  return {
    params: params && loose.compile(params),
    query: query && loose.compile(query),
    body: json?.schema
      ? strict.compileAt(`${operation.requestBodyPointer}/content/${JSON_TYPE.replace('/', '~1')}/schema`)
      : undefined,
    bodyRequired: operation.requestBody?.required === true,
    flags: booleanQueryNames(document, operation),
    lists: formListQueryNames(document, operation),
    clamped: clampedQueryParameters(document, operation),
    queryStatus: operation.path.startsWith('/ogc/') ? 400 : 422,
  };
}

/**
 * Compiling the document's validators is most of the time an app takes to build (about half a
 * second); they depend on the document alone, so a second app on the same document object (the
 * next test file's, or another instance in one process) reuses them.
 */
const compiledValidators = new WeakMap<OpenApiDocument, (operation: Operation) => Validators>();

function documentValidators(document: OpenApiDocument): (operation: Operation) => Validators {
  let validatorsOf = compiledValidators.get(document);
  if (!validatorsOf) {
    const loose = createSchemaCompiler(document, { coerce: true });
    const strict = createSchemaCompiler(document, { coerce: false });
    const byOperation = new Map<string, Validators>();
    validatorsOf = (operation) => {
      const key = `${operation.method} ${operation.path}`;
      let validators = byOperation.get(key);
      if (!validators) {
        validators = buildValidators(document, operation, loose, strict, 'atlasboard-openapi');
        byOperation.set(key, validators);
      }
      return validators;
    };
    compiledValidators.set(document, validatorsOf);
  }
  return validatorsOf;
}

function check(validate: ValidateFunction | undefined, data: unknown, errors: Problems): void {
  if (!validate || validate(data)) return;
  Object.assign(errors, fieldErrors(validate.errors ?? []));
}

/** Request input checked against the document; path and query values are coerced from text. */
function validateInput(validators: Validators, request: FastifyRequest) {
  const errors: Problems = {};
  const params = { ...(request.params as Record<string, unknown>) };
  const query = { ...(request.query as Record<string, unknown>) };
  readQueryFlags(query, validators.flags);
  readQueryLists(query, validators.lists);
  clampQueryValues(query, validators.clamped);
  let body: unknown = request.body ?? undefined;
  if (body instanceof UnreadBody) {
    if (validators.body) throw invalid({ body: [msg('validation.json_media_type')] });
    body = undefined;
  }
  // A missing JSON body is checked as `{}` so the answer names each required field.
  if (body === undefined && validators.bodyRequired) body = {};
  // A path that does not name a resource (`/api/users/abc`) is a missing resource, as in Laravel.
  if (validators.params && !validators.params(params)) throw notFound();
  if (Object.values(params).some((value) => typeof value === 'number' && value > MAX_ID)) throw notFound();
  if (Object.keys(nulCharacterErrors(params)).length > 0) throw notFound();
  check(validators.query, query, errors);
  Object.assign(errors, nulCharacterErrors(query));
  if (validators.queryStatus === 400 && Object.keys(errors).length > 0) throw badQuery(errors);
  if (body !== undefined) check(validators.body, body, errors);
  Object.assign(errors, nulCharacterErrors(body));
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { params, query, body };
}

/**
 * Registers one route per operation of the document, and nothing else: the document is
 * the list of routes. Each runs authenticateRequest (token or session; CSRF 419 for the cookie
 * path, 401, 403 for a read token's writes) and the ability (403) check before
 * its body is read, then input validation (422), then its handler — or 501 if it has none.
 */
export function bindOperations(
  app: FastifyInstance,
  services: AppServices,
  handlers: OperationHandlers,
): Operation[] {
  const operations = listOperations(services.document);
  const validatorsOf = documentValidators(services.document);
  const readOnlyIds = readOnlyOperations(services.document);
  for (const operation of operations) {
    const validators = validatorsOf(operation);
    const handler = handlers[operation.operationId];
    const signedIn = needsSession(operation);
    // `{}` among the security alternatives: anonymous clients may call it (reads of public maps).
    const guestsToo = operation.security.some((requirement) => Object.keys(requirement).length === 0);
    const readOnly =
      ['get', 'head', 'options'].includes(operation.method) || readOnlyIds.has(operation.operationId);
    const mapScoped = MAP_SCOPED.test(operation.path);
    app.route({
      method: operation.method.toUpperCase() as 'GET',
      url: operation.path.replace(/\{([^}]+)\}/g, ':$1'),
      onRequest: async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        let auth = await authenticateRequest(services.db, request, reply, {
          signedIn,
          operationId: operation.operationId,
          readOnly,
        });
        // A read token narrows only what changes data: an operation that changes nothing is
        // judged, and answered, by its user's role and grants (an admin's token reads what admins
        // read). The token's own rules stay what getAbilities reports, and what OPTIONS allows.
        if (
          auth.token &&
          readOnly &&
          operation.method !== 'options' &&
          operation.operationId !== 'getAbilities'
        ) {
          auth = { ...auth, ability: defineAbilityFor(auth.user, undefined, auth.access) };
          request.auth = auth;
        }
        // An operation on one map is decided by its handler against that map (404 for a map the
        // caller may not read, 403 for one they read but may not change): answering 403 here
        // would differ from what a map the caller may manage answers.
        if (!mapScoped && !operationAllowed(auth.ability, operation.operationId)) throw forbidden();
      },
      onSend: async (request, reply, payload) => {
        await settleAuthWrites(operation.operationId, services.db);
        // Every cookie-path answer (errors included) carries the XSRF-TOKEN cookie for the next
        // call; a token caller is no browser and gets no cookie.
        if (request.auth && !request.auth.token) setXsrfCookie(request, reply, request.auth.xsrfToken);
        return payload;
      },
      handler: async (request, reply) => {
        const input = validateInput(validators, request);
        if (!handler) throw notImplemented(operation.operationId);
        const result = await handler({ request, reply, services, auth: request.auth, ...input }).catch(
          (error: unknown) => {
            // An anonymous caller (or a share link's session) admitted to a read of public maps
            // is told to sign in where the map is not theirs to read, existing or not: signing in
            // may open it, and the answer says no more than a missing map's. On a map they read, a
            // missing layer or feature stays 404.
            const mapId = Number(input.params.id ?? input.params.map_id);
            if (
              guestsToo &&
              !request.auth.user &&
              ((error instanceof HttpError && error.status === 404) || error instanceof NotFound) &&
              !request.auth.access.roles.has(mapId)
            )
              throw unauthenticated();
            throw error;
          },
        );
        reply.status(result.status);
        if (result.headers) reply.headers(result.headers);
        return result.status === 204 || result.body === undefined ? reply.send() : reply.send(result.body);
      },
    });
  }
  return operations;
}
