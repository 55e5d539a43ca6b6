import type { QueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';

/** The `:id` of /dashboard/maps/:id as a number (NaN when it is not one). */
export function useMapId(): number {
  return Number(useParams().id);
}

/** A route id parameter (`layer_id`, `search_id`…) as a number, or undefined on create routes. */
export function useOptionalId(name: string): number | undefined {
  const raw = useParams()[name];
  return raw === undefined ? undefined : Number(raw);
}

function keyPath(key: readonly unknown[]): string {
  return typeof key[0] === 'string' ? key[0] : '';
}

/**
 * docs/product.md#flows: a deleted item leaves the lists at once, before the refetch answers.
 * Works on every cached `{data: [...]}` answer whose key starts with `listPath`.
 */
export function removeFromLists(queryClient: QueryClient, listPath: string, id: number): void {
  queryClient.setQueriesData<{ data: { id: number }[] }>(
    { predicate: (query) => keyPath(query.queryKey) === listPath },
    (old) =>
      old && Array.isArray(old.data) ? { ...old, data: old.data.filter((row) => row.id !== id) } : old,
  );
}
