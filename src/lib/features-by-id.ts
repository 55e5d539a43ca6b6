import { useQuery } from '@tanstack/react-query';
import { listLayerFeatures } from '../../generated/api/features/features';
import type { Feature } from '../../generated/model';

/** Feature pages are read 100 at a time; more requests than this and the rest stay unnamed. */
const PAGE = 100;
const MAX_PAGES = 8;

/**
 * Features of one layer by id. The document has no "get one feature" call, but a layer's
 * feature page takes a keyset cursor (`after_id`): a page starting just before the smallest
 * wanted id holds it and often its neighbours too (network answers list ids of features
 * digitised near each other), so a handful of pages names a whole list.
 */
export async function featuresById(
  mapId: number,
  layerId: number,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, Feature>> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const found = new Map<number, Feature>();
  let next = 0;
  for (let pages = 0; pages < MAX_PAGES && next < wanted.length; pages += 1) {
    const first = wanted[next] ?? 0;
    const page = await listLayerFeatures(
      mapId,
      layerId,
      { after_id: first - 1, per_page: PAGE },
      undefined,
      signal,
    );
    const last = page.data.at(-1)?.id ?? Number.POSITIVE_INFINITY;
    for (const feature of page.data) if (wanted.includes(feature.id)) found.set(feature.id, feature);
    // Ids the page passed over without finding are not on this layer.
    while (next < wanted.length && (wanted[next] ?? 0) <= last) next += 1;
    // A page may hold fewer than asked when its features are big (the server's answer budget);
    // only a missing next link says the layer ends here.
    if (page.links.next === null) break;
  }
  return found;
}

/** The features of several layers (valves may sit on more than one) by id, cached per list. */
export function useFeaturesById(mapId: number, layerIds: readonly number[], ids: readonly number[]) {
  return useQuery({
    queryKey: ['features-by-id', mapId, layerIds, ids],
    enabled: ids.length > 0 && layerIds.length > 0,
    queryFn: async ({ signal }) => {
      const found = new Map<number, Feature>();
      for (const layerId of layerIds) {
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length === 0) break;
        for (const [id, feature] of await featuresById(mapId, layerId, missing, signal))
          found.set(id, feature);
      }
      return found;
    },
  });
}
