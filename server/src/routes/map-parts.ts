import { typedHandlers } from '../openapi/typed-handlers.ts';
import { categoryHandlers } from './categories.ts';

/** Handlers for categories, saved searches, main searches, filters and bookmarks. */
export const mapPartHandlers = typedHandlers({
  ...categoryHandlers,
});
