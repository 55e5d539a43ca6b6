import type { ReactNode } from 'react';
import { Pagination } from '../ui/pagination';
import type { PagePayload } from '../ui/page-info';
import { QueryList, type ListQueryState } from '../ui/query-list';

type Page<T> = PagePayload & { data: T[] };

type PagedListProps<T> = {
  /** The list query's state: pending, failed, or a page. */
  list: ListQueryState<Page<T>>;
  empty: string;
  onPageChange: (page: number) => void;
  /** The page's rows, drawn when there are any. */
  children: (rows: T[]) => ReactNode;
};

/** One page of a list and its page links; or that it loads, could not load, or is empty. */
export function PagedList<T>({ list, empty, onPageChange, children }: PagedListProps<T>) {
  return (
    <QueryList query={list} empty={empty}>
      {(rows, page) => (
        <>
          {children(rows)}
          <Pagination data={page} onPageChange={onPageChange} />
        </>
      )}
    </QueryList>
  );
}
