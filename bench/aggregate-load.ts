import os from 'node:os';
import { loadPhases, type LoadPhases, type Target } from './api-phases.ts';
import { AREA } from './data-file.ts';
import type { LoadResult } from './load.ts';
import type { ServerProcess } from './server-process.ts';
import type { Session } from './session.ts';
import { round } from './stats.ts';

/** The dashboard's two questions under load: the whole layer (kept per layer version) and within a box. */
export const AGGREGATE_PHASES = ['aggregateWhole', 'aggregateBbox'] as const;
export type AggregatePhase = (typeof AGGREGATE_PHASES)[number];

/** Goals on the embedded database: p95 of a whole-layer answer and of one within the view. */
export const AGGREGATE_GOALS: Record<AggregatePhase, number> = { aggregateWhole: 100, aggregateBbox: 300 };

/** On PostgreSQL the answer within the view has the whole layer's goal too. */
export const AGGREGATE_GOALS_POSTGRES: Record<AggregatePhase, number> = {
  aggregateWhole: 100,
  aggregateBbox: 100,
};

export interface AggregateRound {
  whole: LoadResult;
  bbox: LoadResult;
  loadAverage: number[];
}

export interface AggregateResults {
  n: number;
  date: string;
  machine: string;
  database: string;
  seconds: number;
  /**
   * One answer each, timed alone before any load: the whole layer computed (nothing kept yet for
   * this layer version), the same asked again (answered from what was kept), and one box.
   */
  single: { wholeFirstMs: number; wholeAgainMs: number; bboxMs: number };
  rounds: AggregateRound[];
}

const loadAverage = () => os.loadavg().map((value) => round(value));

const KIND_COUNT = { group_by: { property: 'kind' }, metrics: [{ op: 'count' }] };

/** One request timed from send to the last byte; refuses anything but 200, and a wrong total. */
async function timed(session: Session, target: Target, body: unknown, expectAll: boolean): Promise<number> {
  const started = performance.now();
  const response = await session.request(
    'POST',
    `/api/maps/${target.mapId}/layers/${target.layerId}/aggregate`,
    body,
  );
  const answer = (await response.json()) as { data?: { total: { count: number } } };
  const took = performance.now() - started;
  if (response.status !== 200) throw new Error(`aggregate answered ${response.status}`);
  if (expectAll && answer.data?.total.count !== target.count)
    throw new Error(`the whole layer counted ${answer.data?.total.count}, not ${target.count}`);
  return round(took);
}

/**
 * The whole-layer and boxed aggregations (features by kind; the box 5 km wide somewhere in the
 * area, as a widget following the map asks), first one at a time on a server that has answered
 * none yet, then under load `rounds` times, so the machine's noise shows as spread between rounds.
 */
export async function aggregateRounds(
  session: Session,
  server: ServerProcess,
  target: Target,
  { seconds, rounds, log }: { seconds: number; rounds: number; log: (line: string) => void },
): Promise<{ single: AggregateResults['single']; rounds: AggregateRound[] }> {
  const wholeFirstMs = await timed(session, target, KIND_COUNT, true);
  const wholeAgainMs = await timed(session, target, KIND_COUNT, true);
  const lon = (AREA.minLon + AREA.maxLon) / 2;
  const lat = (AREA.minLat + AREA.maxLat) / 2;
  const bboxMs = await timed(
    session,
    target,
    { ...KIND_COUNT, bbox: [lon, lat, lon + 0.06, lat + 0.045] },
    false,
  );
  log(`one at a time: whole layer ${wholeFirstMs} ms, again ${wholeAgainMs} ms, within a box ${bboxMs} ms`);
  const done: AggregateRound[] = [];
  for (let at = 1; at <= rounds; at += 1) {
    log(`round ${at}: aggregations under load (load average ${loadAverage().join(' ')})`);
    const load: Partial<LoadPhases> = await loadPhases(session, server, target, seconds, {
      only: AGGREGATE_PHASES,
      log,
    });
    const { aggregateWhole, aggregateBbox } = load;
    if (!aggregateWhole || !aggregateBbox) throw new Error(`round ${at}: an aggregation phase is missing`);
    done.push({ whole: aggregateWhole, bbox: aggregateBbox, loadAverage: loadAverage() });
  }
  return { single: { wholeFirstMs, wholeAgainMs, bboxMs }, rounds: done };
}
