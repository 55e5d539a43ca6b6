export interface PageEnvelope<T> {
  data: T[];
  links: { first: string | null; last: string | null; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

/** Laravel's paginator shape (docs/decisions.md#paged-lists); links keep the other query parameters. */
export function pageEnvelope<T>(
  data: T[],
  options: { page: number; perPage: number; total: number; path: string; query: object },
): PageEnvelope<T> {
  const { page, perPage, total, path } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (target: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query)) {
      if (key !== 'page' && value !== undefined && value !== null && value !== '')
        search.set(key, String(value));
    }
    search.set('page', String(target));
    return `${path}?${search.toString()}`;
  };
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + data.length - 1,
      total,
    },
  };
}
