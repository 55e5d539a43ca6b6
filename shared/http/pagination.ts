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

/** The paginator's `meta` for a page of `count` rows: where it starts and ends among all of them. */
function pageMeta(
  count: number,
  { page, perPage, total, path }: { page: number; perPage: number; total: number; path: string },
): PageEnvelope<unknown>['meta'] {
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    from,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    path,
    per_page: perPage,
    to: from === null ? null : from + count - 1,
    total,
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
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: pageMeta(data.length, { page, perPage, total, path }),
  };
}

/**
 * pageEnvelope's JSON text around rows already written as JSON text, byte for byte what
 * JSON.stringify writes for the envelope of those rows as objects.
 */
export function writtenPageEnvelope(
  written: readonly string[],
  options: { page: number; perPage: number; total: number; path: string; query: object },
): string {
  const { data: _data, ...rest } = pageEnvelope([...written], options);
  return `{"data":[${written.join(',')}],${JSON.stringify(rest).slice(1)}`;
}

/** What a keyset page's links keep besides the page and the cursor. */
export interface KeysetPageOptions {
  page: number;
  perPage: number;
  total: number;
  path: string;
  /** The list's narrowing parameters, in the order the links write them (undefined ones are left out). */
  query: Record<string, string | undefined>;
  /** The `sort` value (`name` or `-name`): such pages are numbered, and their links carry no cursor. */
  sort?: string | undefined;
  /**
   * The side on which the answer budget left some of the page's rows out: that side's link then
   * names this same page from the cursor, so following links still meets every row.
   */
  cut?: 'after' | 'before' | undefined;
}

/**
 * A page in id order, in Laravel's paginator shape (docs/decisions.md#paging): `next` and `prev`
 * carry a keyset cursor (`after_id` the last id shown, `before_id` the first), so following them
 * reads from the cursor on however deep the page is. `per_page` is written only when not 15.
 */
export function keysetPageEnvelope<T extends { id: number }>(
  data: T[],
  options: KeysetPageOptions,
): PageEnvelope<T> {
  const { page, perPage, total, path, sort, cut } = options;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (target: number, cursor?: [string, number]) => {
    const search = new URLSearchParams();
    if (perPage !== 15) search.set('per_page', String(perPage));
    for (const [key, value] of Object.entries(options.query)) if (value !== undefined) search.set(key, value);
    if (sort) search.set('sort', sort);
    else if (cursor) search.set(cursor[0], String(cursor[1]));
    search.set('page', String(target));
    return `${path}?${search.toString()}`;
  };
  const first = data[0];
  const last = data[data.length - 1];
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev:
        cut === 'before' && first
          ? link(page, ['before_id', first.id])
          : page > 1
            ? link(Math.min(page - 1, lastPage), first && ['before_id', first.id])
            : null,
      next:
        cut === 'after' && last
          ? link(page, ['after_id', last.id])
          : page < lastPage
            ? link(page + 1, last && ['after_id', last.id])
            : null,
    },
    meta: pageMeta(data.length, { page, perPage, total, path }),
  };
}
