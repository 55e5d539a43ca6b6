/** What the button needs of an infinite query (React Query's `useInfiniteQuery`). */
type NextPages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** Loads the next page of a list below the pages shown; nothing when there is no next page. */
export function LoadMoreButton({ query, label }: { query: NextPages; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-plain"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {label}
    </button>
  );
}
