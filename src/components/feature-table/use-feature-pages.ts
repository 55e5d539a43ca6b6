import { useQueries } from '@tanstack/react-query';
import { getListLayerFeaturesQueryOptions } from '@generated/api/features/features';
import type { Feature } from '@generated/model';
import { asOfParams, useAsOf } from '../../lib/as-of';

/** The largest page the API serves: fewer requests while scrolling far. */
export const PAGE_SIZE = 100;

/**
 * The server pages covering the rows in view. Each page is its own query, keyed by its page
 * number, so an answer that arrives late or out of order only ever fills its own rows.
 */
export function useFeaturePages(
  mapId: number,
  layerId: number,
  search: string,
  firstRow: number,
  lastRow: number,
  /** `id` or a property, `-` first for descending; undefined keeps the server's id order. */
  sort?: string,
  /** Only rows whose property has this value (the server compares it as text). */
  where?: { property: string; value: string } | null,
  /** Only rows whose time falls in this OGC `datetime` range (the time slider's). */
  datetime?: string | null,
) {
  const firstPage = Math.floor(Math.max(firstRow, 0) / PAGE_SIZE) + 1;
  const lastPage = Math.floor(Math.max(lastRow, 0) / PAGE_SIZE) + 1;
  // The table opened from a map shown as it was lists the features of then.
  const asOf = useAsOf();
  const pages = [1];
  for (let page = Math.max(firstPage, 2); page <= lastPage; page += 1) pages.push(page);
  const params = (page: number) => ({
    page,
    per_page: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
    ...(where ? { where_property: where.property, where_value: where.value } : {}),
    ...asOfParams(asOf),
    ...(datetime ? { datetime } : {}),
  });
  const results = useQueries({
    queries: pages.map((page) => ({
      ...getListLayerFeaturesQueryOptions(mapId, layerId, params(page)),
      staleTime: 30_000,
    })),
  });
  const rows = new Map<number, Feature>();
  results.forEach((result, index) => {
    const page = pages[index] ?? 1;
    result.data?.data.forEach((feature, offset) => rows.set((page - 1) * PAGE_SIZE + offset, feature));
  });
  const first = results[0];
  return {
    total: first?.data?.meta.total ?? null,
    isError: results.some((result) => result.isError),
    rowAt: (index: number) => rows.get(index),
  };
}
