import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Handlers for layers, their schema, transfer and relations. */
export const layerHandlers = typedHandlers({});
