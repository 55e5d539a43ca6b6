import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Handlers for maps and layer types. */
export const mapHandlers = typedHandlers({});
