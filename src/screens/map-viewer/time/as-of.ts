/** The address's `as_of` (the moment the viewer shows the map as it was), kept as ISO 8601 UTC. */
export const AS_OF_PARAM = 'as_of';

/**
 * The moment in the address (`as_of`, or another parameter holding one), or null when it has
 * none or one that names no moment.
 */
export function asOfFromQuery(search: URLSearchParams, param: string = AS_OF_PARAM): string | null {
  const text = search.get(param);
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The address's query with the moment set (or taken out for null), other parameters kept. */
export function queryWithAsOf(
  search: URLSearchParams,
  asOf: string | null,
  param: string = AS_OF_PARAM,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (asOf) next.set(param, asOf);
  else next.delete(param);
  return next;
}

/** A `datetime-local` input's value (local time, to the minute) for an ISO moment. */
export function toLocalInput(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The ISO moment (UTC) a `datetime-local` value names, or null when it names none. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
