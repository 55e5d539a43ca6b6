import type { SwipeSide } from '@/map';
import { asOfFromQuery, queryWithAsOf } from '../time/as-of';
import type { SwipeMoments } from './swipe-choices';

/** The address's parameters for each side's moment (ISO 8601 UTC); absent for now. */
export const SWIPE_MOMENT_PARAMS: Record<SwipeSide, string> = { left: 'left_as_of', right: 'right_as_of' };

/** Both sides' moments as the address names them; a value that names no moment is now. */
export function swipeMomentsFromQuery(search: URLSearchParams): SwipeMoments {
  return {
    left: asOfFromQuery(search, SWIPE_MOMENT_PARAMS.left),
    right: asOfFromQuery(search, SWIPE_MOMENT_PARAMS.right),
  };
}

/** The address's query with one side's moment set (or taken out for now), the rest kept. */
export function queryWithSwipeMoment(
  search: URLSearchParams,
  side: SwipeSide,
  asOf: string | null,
): URLSearchParams {
  return queryWithAsOf(search, asOf, SWIPE_MOMENT_PARAMS[side]);
}

/** The address's query with neither side's moment (leaving swipe: both maps are now). */
export function queryWithoutSwipeMoments(search: URLSearchParams): URLSearchParams {
  return queryWithSwipeMoment(queryWithSwipeMoment(search, 'left', null), 'right', null);
}
