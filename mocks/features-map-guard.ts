import { findMap } from './maps-store';
import { notFound, requireUser } from './responses';
import { TOWN_MAP_ID } from './features-town-layers';

/**
 * The feature calls keep state for the mock town only. Another map that exists falls through to
 * the generated handlers (undefined); a map that does not exist is what the server answers: the
 * XSRF and session checks, then 404.
 */
export function otherMapAnswer(
  request: Request,
  mapId: number,
  stateChanging: boolean,
): Response | undefined {
  if (mapId === TOWN_MAP_ID || findMap(mapId)) return undefined;
  const guarded = requireUser(request, stateChanging);
  return guarded.response ?? notFound();
}
