import { queryOptions, useQueries } from '@tanstack/react-query';
import { getListLayerFeaturesQueryKey, listLayerFeatures } from '../../generated/api/features/features';
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

/**
 * One layer's part of a list: the wanted ids the layers before it did not hold. Cached under that
 * layer's features (its generated key with a suffix), so a change to them reads the part again.
 */
function layerPart(mapId: number, layerIds: readonly number[], ids: readonly number[], index: number) {
  const layerId = layerIds[index] ?? 0;
  return queryOptions({
    queryKey: [...getListLayerFeaturesQueryKey(mapId, layerId), 'by-id', ids, layerIds.slice(0, index)],
    queryFn: async ({ client, signal }): Promise<Map<number, Feature>> => {
      const held = new Set<number>();
      for (let before = 0; before < index; before += 1) {
        const part = await client.ensureQueryData(layerPart(mapId, layerIds, ids, before));
        for (const id of part.keys()) held.add(id);
      }
      return featuresById(
        mapId,
        layerId,
        ids.filter((id) => !held.has(id)),
        signal,
      );
    },
  });
}

/** Either every layer answered, or not yet (a union, so `data !== undefined` narrows the whole). */
type FeaturesById = { data: Map<number, Feature> } | { data: undefined };

/**
 * The features of several layers (valves may sit on more than one) by id: each layer is asked for
 * the ids the layers before it did not hold. `data` is there once every layer has answered.
 */
export function useFeaturesById(
  mapId: number,
  layerIds: readonly number[],
  ids: readonly number[],
): FeaturesById {
  const wanted = ids.length > 0;
  return useQueries({
    queries: layerIds.map((_, index) => ({
      ...layerPart(mapId, layerIds, ids, index),
      enabled: wanted,
    })),
    combine: (parts): FeaturesById => {
      if (!wanted || parts.length === 0 || parts.some((part) => part.data === undefined))
        return { data: undefined };
      const found = new Map<number, Feature>();
      for (const part of parts) for (const [id, feature] of part.data ?? []) found.set(id, feature);
      return { data: found };
    },
  });
}
