/** The pagination fields SPEC §3 names, as the server may send them (flat or nested). */
export type PagePayload = {
  current_page?: number;
  last_page?: number;
  per_page?: number;
  total?: number;
  from?: number | null;
  to?: number | null;
  meta?: {
    current_page?: number;
    last_page?: number;
    per_page?: number;
    total?: number;
    from?: number | null;
    to?: number | null;
  };
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
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page++) {
    const near = Math.abs(page - current) <= 2;
    if (page === 1 || page === last || near) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
