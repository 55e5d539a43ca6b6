import type { PathParams } from 'msw';
import { findMap } from './maps-store';
import { notFound, requireAdmin, requireUser, type Guarded } from './responses';
import type { Map as MapRecord } from '../generated/model';

/** A numeric path parameter (`:id`, `:layerId`…); NaN when absent or not a number. */
export function idParam(params: PathParams, name: string): number {
  const raw = params[name];
  return Number(typeof raw === 'string' ? raw : NaN);
}

type MapGuarded = { map: MapRecord; response?: undefined } | { map?: undefined; response: Response };

/**
 * The checks every maps-domain call makes, in the server's order: XSRF (writes),
 * session, role (admin for writes), then the map must exist.
 */
export function guardMap(request: Request, mapId: number, write: boolean): MapGuarded {
  const guarded: Guarded = write ? requireAdmin(request, true) : requireUser(request, false);
  if (guarded.response) return { response: guarded.response };
  const map = findMap(mapId);
  return map ? { map } : { response: notFound() };
}
