import { describe, expect, it } from 'vitest';
import { keysetPageEnvelope, pageEnvelope } from './pagination.ts';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

describe('keysetPageEnvelope', () => {
  it('links the pages around by cursor: after the last id shown, before the first', () => {
    const page = keysetPageEnvelope(rows(16, 17, 18), {
      page: 2,
      perPage: 3,
      total: 9,
      path: '/api/maps/1/layers/2/features',
      query: { search: undefined },
    });
    expect(page.links).toEqual({
      first: '/api/maps/1/layers/2/features?per_page=3&page=1',
      last: '/api/maps/1/layers/2/features?per_page=3&page=3',
      prev: '/api/maps/1/layers/2/features?per_page=3&before_id=16&page=1',
      next: '/api/maps/1/layers/2/features?per_page=3&after_id=18&page=3',
    });
    expect(page.meta).toMatchObject({ current_page: 2, from: 4, to: 6, last_page: 3, total: 9 });
  });

  it('keeps the narrowing in order (an empty where value too) and leaves per_page out at 15', () => {
    const page = keysetPageEnvelope(rows(5), {
      page: 1,
      perPage: 15,
      total: 1,
      path: '/p',
      query: { search: 'main', where_property: 'status', where_value: '' },
    });
    expect(page.links.first).toBe('/p?search=main&where_property=status&where_value=&page=1');
    expect([page.links.prev, page.links.next]).toEqual([null, null]);
  });

  it('numbers pages sorted by a property, without a cursor', () => {
    const page = keysetPageEnvelope(rows(9, 4), {
      page: 1,
      perPage: 2,
      total: 4,
      path: '/p',
      query: {},
      sort: '-name',
    });
    expect(page.links.next).toBe('/p?per_page=2&sort=-name&page=2');
  });

  it('names the same page from the cursor on the side the answer budget cut', () => {
    const after = keysetPageEnvelope(rows(1, 2), {
      page: 1,
      perPage: 5,
      total: 10,
      path: '/p',
      query: {},
      cut: 'after',
    });
    expect(after.links.next).toBe('/p?per_page=5&after_id=2&page=1');
    const before = keysetPageEnvelope(rows(7, 8), {
      page: 2,
      perPage: 5,
      total: 10,
      path: '/p',
      query: {},
      cut: 'before',
    });
    expect(before.links.prev).toBe('/p?per_page=5&before_id=7&page=2');
  });

  it('answers an empty page past the last with no rows and links back', () => {
    const page = keysetPageEnvelope([], { page: 4, perPage: 5, total: 10, path: '/p', query: {} });
    expect(page.meta).toMatchObject({ from: null, to: null, last_page: 2 });
    expect(page.links.prev).toBe('/p?per_page=5&page=2');
  });
});

describe('pageEnvelope', () => {
  it('keeps the other query parameters in its links and numbers the pages', () => {
    const page = pageEnvelope(['a', 'b'], {
      page: 1,
      perPage: 2,
      total: 3,
      path: '/u',
      query: { search: 'x', page: 1, role: '' },
    });
    expect(page.links.next).toBe('/u?search=x&page=2');
    expect(page.meta).toMatchObject({ from: 1, to: 2, last_page: 2 });
  });
});
