import { describe, expect, it } from 'vitest';
import {
  addSteps,
  inTimeRange,
  periodCount,
  playStep,
  queryWithTimeRange,
  rangeIndexes,
  rangeOfIndexes,
  timeRangeFromQuery,
  toDatetime,
  unionExtent,
} from './time-range';

const extent = { start: '1998-03-14', end: '2021-11-02' };

describe('the time slider steps', () => {
  it('moves by days, calendar months and years, across month and leap-year ends', () => {
    expect(addSteps('2020-02-28', 'day', 1)).toBe('2020-02-29');
    expect(addSteps('2020-02-29', 'day', 1)).toBe('2020-03-01');
    expect(addSteps('2019-12-01', 'month', 1)).toBe('2020-01-01');
    expect(addSteps('2020-01-01', 'month', -1)).toBe('2019-12-01');
    expect(addSteps('2019-01-01', 'year', 3)).toBe('2022-01-01');
  });

  it('offers one position per period of the extent and maps a range to whole periods', () => {
    expect(periodCount(extent, 'year')).toBe(24);
    expect(periodCount(extent, 'month')).toBe(12 * 23 + 9);
    expect(rangeOfIndexes(extent, 'year', 21, 22)).toEqual({ from: '2019-01-01', to: '2020-12-31' });
    expect(rangeOfIndexes(extent, 'month', 23, 23)).toEqual({ from: '2000-02-01', to: '2000-02-29' });
    expect(rangeIndexes({ from: '2019-01-01', to: '2020-12-31' }, extent, 'year')).toEqual([21, 22]);
    // Open ends are the extent's ends; a range past the extent is held inside it.
    expect(rangeIndexes({ from: null, to: null }, extent, 'year')).toEqual([0, 23]);
    expect(rangeIndexes({ from: '1900-01-01', to: '2090-01-01' }, extent, 'month')).toEqual([0, 284]);
  });

  it('plays one step later keeping the width, and stops at the extent end', () => {
    expect(playStep({ from: '2019-01-01', to: '2020-12-31' }, extent, 'year')).toEqual({
      from: '2020-01-01',
      to: '2021-12-31',
    });
    expect(playStep({ from: '2020-01-01', to: '2021-12-31' }, extent, 'year')).toBeNull();
    expect(playStep({ from: '2021-10-01', to: '2021-10-31' }, extent, 'month')).toEqual({
      from: '2021-11-01',
      to: '2021-11-30',
    });
  });

  it('keeps a feature inside when its day is inside, and one without a time always', () => {
    const range = { from: '2019-01-01', to: '2020-12-31' };
    expect(inTimeRange('2019-01-01', range)).toBe(true);
    expect(inTimeRange('2020-12-31T23:00:00Z', range)).toBe(true);
    expect(inTimeRange('2018-12-31', range)).toBe(false);
    expect(inTimeRange('2021-01-01', range)).toBe(false);
    expect(inTimeRange(null, range)).toBe(true);
    expect(inTimeRange('2000-01-01', { from: null, to: '2000-01-01' })).toBe(true);
  });

  it('joins the layers’ extents', () => {
    expect(
      unionExtent([['2001-05-01', '2010-01-01'], null, ['1999-01-02', '2003-01-01'], [null, null]]),
    ).toEqual({ start: '1999-01-02', end: '2010-01-01' });
    expect(unionExtent([null, [null, null]])).toBeNull();
  });
});

describe('the range in the address', () => {
  it('round-trips a closed and an open range beside the other parameters', () => {
    const closed = queryWithTimeRange(new URLSearchParams('lon=1&lat=2'), {
      from: '2019-01-01',
      to: '2020-12-31',
    });
    expect(closed.toString()).toBe('lon=1&lat=2&time=2019-01-01%2F2020-12-31');
    expect(timeRangeFromQuery(new URLSearchParams(closed.toString()))).toEqual({
      from: '2019-01-01',
      to: '2020-12-31',
    });
    const open = queryWithTimeRange(new URLSearchParams(), { from: null, to: '2020-12-31' });
    expect(timeRangeFromQuery(open)).toEqual({ from: null, to: '2020-12-31' });
    expect(queryWithTimeRange(closed, null).has('time')).toBe(false);
  });

  it('reads a single day as that day and refuses what names no range', () => {
    expect(timeRangeFromQuery(new URLSearchParams('time=2019-05-04'))).toEqual({
      from: '2019-05-04',
      to: '2019-05-04',
    });
    for (const bad of ['2019-02-30/2019-03-01', '2020-01-01/2019-01-01', '../..', 'soon', 'a/b/c'])
      expect(timeRangeFromQuery(new URLSearchParams({ time: bad }))).toBeNull();
  });

  it('is sent to the server as OGC datetime', () => {
    expect(toDatetime({ from: '2019-01-01', to: null })).toBe('2019-01-01/..');
    expect(toDatetime({ from: null, to: null })).toBeNull();
    expect(toDatetime(null)).toBeNull();
  });
});
