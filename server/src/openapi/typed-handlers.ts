import type { operations } from '@generated/openapi-types.ts';
import type {
  OperationContext,
  OperationHandler,
  OperationHandlers,
  OperationResult,
} from './bind-operations.ts';

/**
 * Handler types from the document (openapi-typescript writes `generated/openapi-types.ts`):
 * a handler registered under an operationId gets that operation's path, query and JSON body
 * types, checked already by `bindOperations`, and must answer with one of its success bodies.
 */
export type OperationId = keyof operations;

type Parameters<K extends OperationId> = operations[K]['parameters'];
type Defined<T> = [T] extends [undefined] ? Record<string, never> : Exclude<T, undefined>;

export type PathOf<K extends OperationId> = Defined<Parameters<K>['path']>;
export type QueryOf<K extends OperationId> = Defined<Parameters<K>['query']>;
export type BodyOf<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : undefined;

type Responses<K extends OperationId> = operations[K]['responses'];
// 304 counts: a conditional GET answered "not modified" is a success without a body.
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204 | 206 | 304>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON bodies of the operation's 2xx answers (never for binary or empty ones). */
export type SuccessBodyOf<K extends OperationId> = JsonOf<Responses<K>[SuccessStatus<K>]>;

export interface TypedContext<K extends OperationId> extends Omit<
  OperationContext,
  'params' | 'query' | 'body'
> {
  params: PathOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
}

export interface TypedResult<K extends OperationId> extends Omit<OperationResult, 'status' | 'body'> {
  status: SuccessStatus<K>;
  /** A JSON success body, or a Buffer / stream for binary answers (then set the content type). */
  body?: SuccessBodyOf<K> | Buffer | NodeJS.ReadableStream;
}

export type TypedHandler<K extends OperationId> = (context: TypedContext<K>) => Promise<TypedResult<K>>;
export type TypedHandlers = { [K in OperationId]?: TypedHandler<K> };

/** Registers typed handlers; the input they are given was validated against the same document. */
export function typedHandlers(handlers: TypedHandlers): OperationHandlers {
  return handlers as unknown as Record<string, OperationHandler>;
}
