import { typedHandlers } from '../openapi/typed-handlers.ts';
import { bookmarkHandlers } from './bookmarks.ts';
import { categoryHandlers } from './categories.ts';
import { filterHandlers } from './filters.ts';
import { mainSearchHandlers } from './main-searches.ts';
import { searchHandlers } from './searches.ts';

/** Handlers for categories, saved searches, main searches, filters and bookmarks. */
export const mapPartHandlers = typedHandlers({
  ...categoryHandlers,
  ...searchHandlers,
  ...mainSearchHandlers,
  ...filterHandlers,
  ...bookmarkHandlers,
});
