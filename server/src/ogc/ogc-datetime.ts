import { badParameter } from './ogc-errors.ts';

/** A time span in UTC milliseconds; an undefined end is open. `endOpen`: the end itself is outside. */
export interface TimeSpan {
  start: number | undefined;
  end: number | undefined;
  endOpen: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/;
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const DAY = 86_400_000;

const invalid = () => badParameter('datetime', 'ogc.bad_datetime');

/** A real calendar day (no 2019-02-30). */
function dayStart(year: string, month: string, day: string): number {
  const at = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const date = new Date(at);
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() + 1 !== Number(month) ||
    date.getUTCDate() !== Number(day)
  )
    throw invalid();
  return at;
}

/** One end as written: a date is its whole day, a date-time its instant (UTC without an offset). */
function moment(text: string): { start: number; end: number; day: boolean } {
  const date = DATE.exec(text);
  if (date) {
    const start = dayStart(date[1] ?? '', date[2] ?? '', date[3] ?? '');
    return { start, end: start + DAY, day: true };
  }
  const time = DATE_TIME.exec(text);
  if (!time) throw invalid();
  dayStart(time[1] ?? '', time[2] ?? '', time[3] ?? '');
  if (Number(time[4]) > 23 || Number(time[5]) > 59 || Number(time[6]) > 60) throw invalid();
  const offset = time[8] && time[8].toUpperCase() !== 'Z' ? time[8] : 'Z';
  const at = Date.parse(
    `${time[1]}-${time[2]}-${time[3]}T${time[4]}:${time[5]}:${time[6]}${time[7] ?? ''}${offset}`,
  );
  if (Number.isNaN(at)) throw invalid();
  return { start: at, end: at, day: false };
}

/** `from` moved by an ISO 8601 duration (calendar months and years, exact days and times). */
function shifted(from: number, text: string, sign: 1 | -1): number {
  const parts = DURATION.exec(text);
  if (!parts) throw invalid();
  const n = (part: string | undefined) => (part ? Number.parseFloat(part) : 0);
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + sign * n(parts[1]));
  date.setUTCMonth(date.getUTCMonth() + sign * n(parts[2]));
  const exact =
    ((n(parts[3]) * 7 + n(parts[4])) * 24 + n(parts[6])) * 3_600_000 +
    n(parts[7]) * 60_000 +
    n(parts[8]) * 1000;
  return date.getTime() + sign * exact;
}

const isOpen = (text: string) => text === '' || text === '..';

/**
 * OGC API – Features `datetime`: an instant (`2020-05-01T10:00:00Z`, or a date: its day) or
 * an interval `start/end` with either end open (`..` or empty); a start with a duration
 * (`2020-05-01/P1M`) or a duration with an end also reads. Anything else is a 400.
 */
export function parseDatetime(text: string): TimeSpan {
  const value = text.trim();
  const parts = value.split('/');
  if (parts.length === 1) {
    if (isOpen(value)) throw invalid();
    const instant = moment(value);
    return { start: instant.start, end: instant.end, endOpen: instant.day };
  }
  if (parts.length !== 2) throw invalid();
  const [from = '', to = ''] = parts;
  if (isOpen(from) && isOpen(to)) return { start: undefined, end: undefined, endOpen: false };
  if (from.startsWith('P') && !isOpen(to)) {
    const end = moment(to);
    return { start: shifted(end.start, from, -1), end: end.end, endOpen: end.day };
  }
  const start = isOpen(from) ? undefined : moment(from).start;
  if (isOpen(to)) return { start, end: undefined, endOpen: false };
  if (to.startsWith('P')) {
    if (start === undefined) throw invalid();
    return { start, end: shifted(start, to, 1), endOpen: false };
  }
  const end = moment(to);
  if (start !== undefined && start > end.start) throw invalid();
  return { start, end: end.end, endOpen: end.day };
}
