import type { OperationHandlers } from '../openapi/bind-operations.ts';
import { featureEditHandlers } from './feature-edits.ts';
import { featureFileHandlers } from './feature-files.ts';
import { featureListHandlers } from './feature-list.ts';
import { featureRelativeHandlers } from './feature-relatives.ts';
import { featureSearchHandlers } from './feature-search.ts';
import { featureVersionHandlers } from './feature-versions.ts';
import { tileHandlers } from './tiles.ts';

/** Handlers for features, their history, relatives, files and tiles. */
export const featureHandlers: OperationHandlers = {
  ...featureListHandlers,
  ...featureEditHandlers,
  ...featureFileHandlers,
  ...featureRelativeHandlers,
  ...featureSearchHandlers,
  ...tileHandlers,
  ...featureVersionHandlers,
};
