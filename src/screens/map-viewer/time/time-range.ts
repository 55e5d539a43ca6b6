/**
 * The time slider's arithmetic: a range of whole days (both ends kept), the steps it moves by,
 * playing and the address's `time`. Dates are `YYYY-MM-DD` in UTC, the form a layer's `date`
 * property stores and OGC `datetime` reads as a whole day.
 */

import { dayOf, type TimeRangeModel } from '@/map/time-filter';
import { TIME_PARAM, toDatetime, type Timed, type TimeStep } from '@/lib/time-query';

export { dayOf, inTimeRange } from '@/map/time-filter';
// The address's side (also read by the feature table and its links, outside the viewer).
export {
  datetimeFor,
  TIME_PARAM,
  TIME_STEP_PARAM,
  timeRangeFromQuery,
  timeStepFromQuery,
  toDatetime,
} from '@/lib/time-query';

export type { TimeStep } from '@/lib/time-query';
export const TIME_STEPS: readonly TimeStep[] = ['day', 'month', 'year'];

/** From and to, both days included; null is an open end. */
export type TimeRange = TimeRangeModel;
/** The first and last day any layer's features have a time for. */
export type TimeExtent = { start: string; end: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY = 86_400_000;

/** The day a `YYYY-MM-DD` names (a real calendar day), in UTC milliseconds, or null. */
function parse(date: string): number | null {
  const parts = DATE.exec(date);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? at
    : null;
}

function format(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The first day of the step's period holding `date` (its month's 1st, its year's 1 January). */
export function periodStart(date: string, step: TimeStep): string {
  if (step === 'day') return date;
  return step === 'month' ? `${date.slice(0, 7)}-01` : `${date.slice(0, 4)}-01-01`;
}

/** `date` moved by `count` steps; months and years keep the period start (the 1st). */
export function addSteps(date: string, step: TimeStep, count: number): string {
  const at = parse(date);
  if (at === null) return date;
  if (step === 'day') return format(at + count * DAY);
  const d = new Date(at);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth() + count * (step === 'year' ? 12 : 1);
  return format(Date.UTC(Math.floor(months / 12), months % 12, step === 'year' ? 1 : d.getUTCDate()));
}

/** The last day of the period that starts on `start`. */
export function periodEnd(start: string, step: TimeStep): string {
  const next = parse(addSteps(periodStart(start, step), step, 1));
  return next === null ? start : format(next - DAY);
}

/** How many whole steps lie from the period of `base` to the period of `date`. */
export function stepIndex(base: string, date: string, step: TimeStep): number {
  const [a, b] = [parse(periodStart(base, step)), parse(periodStart(date, step))];
  if (a === null || b === null) return 0;
  if (step === 'day') return Math.round((b - a) / DAY);
  const [x, y] = [new Date(a), new Date(b)];
  const months = (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + y.getUTCMonth() - x.getUTCMonth();
  return step === 'year' ? Math.round(months / 12) : months;
}

/** The periods the slider offers over the extent: their count and the start of the `index`th. */
export function periodCount(extent: TimeExtent, step: TimeStep): number {
  return stepIndex(extent.start, extent.end, step) + 1;
}
export function periodAt(extent: TimeExtent, step: TimeStep, index: number): string {
  return addSteps(periodStart(extent.start, step), step, index);
}

/**
 * The slider's two thumbs for a range: the period indexes of its from and to, open ends at the
 * extent's ends, held inside the extent.
 */
export function rangeIndexes(range: TimeRange, extent: TimeExtent, step: TimeStep): [number, number] {
  const last = periodCount(extent, step) - 1;
  const clamp = (n: number) => Math.min(Math.max(n, 0), last);
  const from = clamp(range.from ? stepIndex(extent.start, range.from, step) : 0);
  const to = clamp(range.to ? stepIndex(extent.start, range.to, step) : last);
  return [Math.min(from, to), Math.max(from, to)];
}

/** The range of the periods `from`..`to` (indexes): from the first's start to the last's end. */
export function rangeOfIndexes(extent: TimeExtent, step: TimeStep, from: number, to: number): TimeRange {
  const [low, high] = from <= to ? [from, to] : [to, from];
  return { from: periodAt(extent, step, low), to: periodEnd(periodAt(extent, step, high), step) };
}

/**
 * One step of play: the range moved a step later, as wide as it was (in steps), or null once its
 * end has passed the extent's last period (play stops there).
 */
export function playStep(range: TimeRange, extent: TimeExtent, step: TimeStep): TimeRange | null {
  const [from, to] = rangeIndexes(range, extent, step);
  if (to >= periodCount(extent, step) - 1) return null;
  return rangeOfIndexes(extent, step, from + 1, to + 1);
}

/** The address's query with the range set (or taken out for null), other parameters kept. */
export function queryWithTimeRange(search: URLSearchParams, range: TimeRange | null): URLSearchParams {
  const next = new URLSearchParams(search);
  const text = toDatetime(range);
  if (text) next.set(TIME_PARAM, text);
  else next.delete(TIME_PARAM);
  return next;
}

/** The extent over layers' `time_extent`s (the earliest start, the latest end), or null with none. */
export function unionExtent(
  extents: readonly (readonly (string | null)[] | null | undefined)[],
): TimeExtent | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const extent of extents) {
    const [a, b] = [dayOf(extent?.[0]), dayOf(extent?.[1])];
    if (a !== null && (start === null || a < start)) start = a;
    if (b !== null && (end === null || b > end)) end = b;
  }
  return start !== null && end !== null ? { start, end } : null;
}

/**
 * The entries of a `layers_filter` with the slider's range (OGC `datetime`) on every layer that
 * has a time property; the others are left as they are (the server refuses a range there).
 */
export function withTimeRange<T extends { layer_id: number; datetime?: string }>(
  entries: readonly T[],
  layers: readonly Timed[],
  datetime: string | null,
): T[] {
  if (!datetime) return [...entries];
  const timed = new Set(layers.filter((layer) => layer.time_property).map((layer) => layer.id));
  return entries.map((entry) => (timed.has(entry.layer_id) ? { ...entry, datetime } : entry));
}
