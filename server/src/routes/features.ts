import { typedHandlers } from '../openapi/typed-handlers.ts';

/** Handlers for features, their history, relatives, files and tiles. */
export const featureHandlers = typedHandlers({});
