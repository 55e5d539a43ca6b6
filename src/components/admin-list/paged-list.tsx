import type { ReactNode } from 'react';
import { Pagination } from '../ui/pagination';
import type { PagePayload } from '../ui/page-info';
import { EmptyState, LoadError, Loading } from '../ui/status';

type Page<T> = PagePayload & { data: T[] };

type PagedListProps<T> = {
  /** The list query's state: pending, failed, or a page. */
  list:
    | { isPending: true }
    | { isPending: false; isError: true }
    | { isPending: false; isError: false; data: Page<T> };
  empty: string;
  onPageChange: (page: number) => void;
  /** The page's rows, drawn when there are any. */
  children: (rows: T[]) => ReactNode;
};

/** One page of a list and its page links; or that it loads, could not load, or is empty. */
export function PagedList<T>({ list, empty, onPageChange, children }: PagedListProps<T>) {
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError />;
  if (list.data.data.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      {children(list.data.data)}
      <Pagination data={list.data} onPageChange={onPageChange} />
    </>
  );
}
