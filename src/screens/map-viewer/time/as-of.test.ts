import { describe, expect, it } from 'vitest';
import { asOfFromQuery, fromLocalInput, queryWithAsOf, toLocalInput } from './as-of';

describe('the moment in the address', () => {
  it('reads an ISO moment as UTC and ignores one that names no moment', () => {
    expect(asOfFromQuery(new URLSearchParams('as_of=2026-03-01T12:00:00%2B01:00'))).toBe(
      '2026-03-01T11:00:00.000Z',
    );
    expect(asOfFromQuery(new URLSearchParams('as_of=last+tuesday'))).toBeNull();
    expect(asOfFromQuery(new URLSearchParams('lon=1'))).toBeNull();
  });

  it('sets and takes out the moment, keeping the rest of the address', () => {
    const set = queryWithAsOf(new URLSearchParams('lon=1&zoom=3'), '2026-03-01T11:00:00.000Z');
    expect(set.toString()).toBe('lon=1&zoom=3&as_of=2026-03-01T11%3A00%3A00.000Z');
    expect(queryWithAsOf(set, null).toString()).toBe('lon=1&zoom=3');
  });

  it('turns a picked local date and time into UTC and back', () => {
    const iso = fromLocalInput('2026-03-01T12:30');
    expect(iso).toBe(new Date(2026, 2, 1, 12, 30).toISOString());
    expect(toLocalInput(iso ?? '')).toBe('2026-03-01T12:30');
    expect(fromLocalInput('')).toBeNull();
  });
});
