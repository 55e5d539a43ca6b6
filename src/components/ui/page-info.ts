/** The pagination fields docs/product.md#client-state names, as the server may send them. */
type PageFields = {
  current_page?: number;
  last_page?: number;
  per_page?: number;
  total?: number;
  from?: number | null;
  to?: number | null;
};

/** A page's answer: the pagination fields flat, or nested under `meta`. */
export type PagePayload = PageFields & {
  meta?: PageFields;
  links?: unknown;
};

export type PageInfo = {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
  from: number | null;
  to: number | null;
};

export function readPageInfo(payload: PagePayload | undefined): PageInfo | null {
  if (!payload) return null;
  const source = payload.meta ?? payload;
  const { current_page, per_page, total } = source;
  if (current_page === undefined || per_page === undefined || total === undefined) return null;
  return {
    currentPage: current_page,
    lastPage: source.last_page ?? Math.max(1, Math.ceil(total / per_page)),
    perPage: per_page,
    total,
    from: source.from ?? null,
    to: source.to ?? null,
  };
}

/** Page numbers to show: first, last and two either side of the current one; null marks a gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
  // Built from the few candidates, not by walking every page: last may be huge.
  const candidates = new Set([1, last]);
  for (let page = current - 2; page <= current + 2; page++)
    if (page >= 1 && page <= last) candidates.add(page);
  const sorted = [...candidates].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
  const pages: (number | null)[] = [];
  for (const page of sorted) {
    const previous = pages[pages.length - 1];
    if (typeof previous === 'number' && page - previous > 1) pages.push(null);
    pages.push(page);
  }
  return pages;
}
