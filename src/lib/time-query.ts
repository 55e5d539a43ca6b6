import { useSearchParams } from 'react-router';
import { dayOf, type TimeRangeModel } from '../map/time-filter';

/**
 * The time slider's range as the address keeps it (`time=2019-01-01/2020-12-31`, `..` for an
 * open end; `time_step`), read wherever features are listed for the map shown: the viewer, and
 * the feature table opened from it.
 */

/** The address's `time` (`2019-01-01/2020-12-31`; `..` for an open end), so a link reopens it. */
export const TIME_PARAM = 'time';
/** The address's step (`time_step`); a month unless it names another. */
export const TIME_STEP_PARAM = 'time_step';

export type TimeStep = 'day' | 'month' | 'year';

/** The range as OGC `datetime` (`a/b`, `../b`, `a/..`), or null for a range open at both ends. */
export function toDatetime(range: TimeRangeModel | null): string | null {
  if (!range || (range.from === null && range.to === null)) return null;
  return `${range.from ?? '..'}/${range.to ?? '..'}`;
}

/** The range in the address, or null when it has none or one that does not read. */
export function timeRangeFromQuery(search: URLSearchParams): TimeRangeModel | null {
  const text = search.get(TIME_PARAM);
  if (!text) return null;
  const parts = text.split('/');
  if (parts.length > 2) return null;
  const end = (part: string) =>
    part === '..' || part === '' ? null : dayOf(part) === part ? part : undefined;
  const from = end(parts[0] ?? '');
  const to = parts.length === 1 ? from : end(parts[1] ?? '');
  if (from === undefined || to === undefined || (from === null && to === null)) return null;
  if (from !== null && to !== null && from > to) return null;
  return { from, to };
}

export function timeStepFromQuery(search: URLSearchParams): TimeStep {
  const step = search.get(TIME_STEP_PARAM);
  return step === 'day' || step === 'year' ? step : 'month';
}

/** The address's range as OGC `datetime`, or null when the address has none. */
export function useTimeDatetime(): string | null {
  const [search] = useSearchParams();
  return toDatetime(timeRangeFromQuery(search));
}

/** A layer's part of a request: which layers have a time, so a range is sent only for them. */
export type Timed = { id: number; time_property?: string | null };

/** The range for one layer's request: the `datetime` when the layer has a time, else nothing. */
export function datetimeFor(layer: Timed | undefined, datetime: string | null): { datetime?: string } {
  return datetime && layer?.time_property ? { datetime } : {};
}

/**
 * What the address says about when the map is shown (`as_of`, `time`, `time_step`), as a query
 * (`?…`, or empty) for a link that must show the same: the table from the map and back.
 */
export function whenQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ['as_of', TIME_PARAM, TIME_STEP_PARAM]) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
