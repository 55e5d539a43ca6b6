import type { ReactNode } from 'react';
import { EmptyState, LoadError, Loading } from './status';

/** A list query's state as the list screens read it: pending, failed, or its answer. */
export type ListQueryState<P extends { data: readonly unknown[] }> =
  { isPending: true } | { isPending: false; isError: true } | { isPending: false; isError: false; data: P };

type QueryListProps<P extends { data: readonly unknown[] }> = {
  query: ListQueryState<P>;
  /** Said when the answer holds no rows. */
  empty: string;
  /** The rows, drawn when there are any; the whole answer comes along for its paging. */
  children: (rows: P['data'], answer: P) => ReactNode;
};

/** A list's rows once they are there; until then that it loads, could not load, or is empty. */
export function QueryList<P extends { data: readonly unknown[] }>({
  query,
  empty,
  children,
}: QueryListProps<P>) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError />;
  if (query.data.data.length === 0) return <EmptyState message={empty} />;
  return children(query.data.data, query.data);
}
