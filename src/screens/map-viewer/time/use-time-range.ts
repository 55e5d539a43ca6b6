import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Layer } from '@generated/model';
import {
  TIME_STEP_PARAM,
  queryWithTimeRange,
  timeRangeFromQuery,
  timeStepFromQuery,
  toDatetime,
  unionExtent,
  type TimeRange,
  type TimeStep,
} from './time-range';

/**
 * The viewer's time range, kept in the address (`time`, `time_step`) so a link, a reload and
 * the switch between 2D and 3D all show the same dates; the extent is the map's timed layers'.
 */
export function useTimeRange(layers: readonly Layer[]) {
  const [search, setSearch] = useSearchParams();
  const text = search.get('time');
  const range = useMemo(() => timeRangeFromQuery(new URLSearchParams(text ? { time: text } : {})), [text]);
  const step = timeStepFromQuery(search);
  const extent = useMemo(
    () => unionExtent(layers.filter((layer) => layer.time_property).map((layer) => layer.time_extent)),
    [layers],
  );
  const setRange = useCallback(
    (next: TimeRange | null) => setSearch((current) => queryWithTimeRange(current, next), { replace: true }),
    [setSearch],
  );
  const setStep = useCallback(
    (next: TimeStep) =>
      setSearch(
        (current) => {
          const query = new URLSearchParams(current);
          query.set(TIME_STEP_PARAM, next);
          return query;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { range, step, extent, datetime: toDatetime(range), setRange, setStep };
}
