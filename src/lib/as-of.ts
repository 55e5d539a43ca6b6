import { useSearchParams } from 'react-router';

/**
 * The moment the address asks the map be shown "as it was" (its `as_of`, ISO 8601 UTC), or
 * null for now. The viewer keeps it there, so every part of the screen (search, filters, the
 * feature panel, exports, the table opened from it) reads the same moment without passing it.
 */
export function useAsOf(): string | null {
  const [search] = useSearchParams();
  return asOfOf(search);
}

/** The moment `as_of` names in a query, or null when it names none. */
export function asOfOf(search: URLSearchParams): string | null {
  const text = search.get('as_of');
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The operation's query parameter for the moment: `{ as_of }`, or nothing for now. */
export function asOfParams(asOf: string | null | undefined): { as_of?: string } {
  return asOf ? { as_of: asOf } : {};
}
