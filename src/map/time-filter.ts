/**
 * Which features a time range draws, the same in every engine: a feature whose time (a `date`
 * or date-time property, read as its UTC day) lies outside the range is not drawn; one without
 * a time always is, as the server's OGC `datetime` keeps it.
 */

/** From and to (`YYYY-MM-DD`, both days included); null is an open end. */
export type TimeRangeModel = { from: string | null; to: string | null };

/** The time filter of one layer: its time property and the range shown. */
export type TimeFilterModel = TimeRangeModel & { property: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-time or date read as its UTC day (`2019-05-04T10:00:00Z` → `2019-05-04`), or null. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length < 10) return null;
  const day = value.slice(0, 10);
  const parts = DATE.exec(day);
  if (!parts) return null;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const back = new Date(Date.UTC(year, month - 1, date));
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date
    ? day
    : null;
}

/** Whether a feature's time is inside the range; a feature without a time always is (as OGC). */
export function inTimeRange(value: unknown, range: TimeRangeModel): boolean {
  const day = dayOf(value);
  if (day === null) return true;
  return (range.from === null || day >= range.from) && (range.to === null || day <= range.to);
}
