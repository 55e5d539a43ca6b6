import type { AccessPhase, AccessResults } from './access-load.ts';
import { AGGREGATE_GOALS, AGGREGATE_GOALS_POSTGRES, type AggregateResults } from './aggregate-load.ts';
import type { ExportResult } from './api-phases.ts';
import type { CpuShare, InstancePhase, InstancesResults } from './instances-load.ts';
import type { LoadResult } from './load.ts';
import type { BenchResults } from './run.ts';
import { round } from './stats.ts';

type Row = [measure: string, value: string, goal: string, met: boolean | null];

const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : `${value} ms`;

/**
 * An export's time, memory and file. The growth over the RSS at its start is what shows
 * whether it grows with N (runs stored before it was recorded show their peak only).
 */
const exportCell = (result: ExportResult) =>
  `${result.seconds} s, ${
    result.growthMb === undefined
      ? `peak ${result.peakMb} MB`
      : `RSS +${result.growthMb} MB (${result.startMb} → ${result.peakMb} MB)`
  }, ${result.sizeMb} MB file`;

/** Met judges the time; whether memory grows with N shows only beside a run at another N. */
const EXPORT_GOAL = '≤ 30 s at 1M (RSS: compare N)';

/** The dashboard's aggregations in a full run (absent from runs made before they were measured). */
function aggregateRows(load: BenchResults['load']): Row[] {
  const row = (name: string, result: LoadResult | undefined, goal: number): Row[] =>
    result
      ? [
          [
            name,
            `p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.perSecond} req/s${result.failed ? `, ${result.failed} failed` : ''}`,
            `≤ ${goal} ms p95`,
            result.p95 <= goal && result.failed === 0,
          ],
        ]
      : [];
  return [
    ...row('aggregate, whole layer (kept per version)', load.aggregateWhole, AGGREGATE_GOALS.aggregateWhole),
    ...row('aggregate, within a 5 km box', load.aggregateBbox, AGGREGATE_GOALS.aggregateBbox),
  ];
}

/**
 * The next-link page of the layer as it was halfway through the edits written before the phase
 * (a tenth of the layer, at most 100,000), against the same page now: within twice its p95.
 */
function pastPageRows(load: BenchResults['load']): Row[] {
  const past = load.pageAsOf;
  if (!past) return [];
  const ratio = load.pageNext.p95 > 0 ? Math.round((past.p95 / load.pageNext.p95) * 100) / 100 : NaN;
  return [
    [
      'feature page as it was (next link, after the edits)',
      past.requests === 0
        ? 'no answer within the run'
        : `p50 ${past.p50} ms, p95 ${past.p95} ms, ${past.perSecond} req/s${past.failed ? `, ${past.failed} failed` : ''}; ${ratio}× the page now`,
      '≤ 2× the page now (p95)',
      past.requests > 0 && past.failed === 0 && past.p95 <= 2 * load.pageNext.p95,
    ],
  ];
}

/** The results as rows of measure, value, goal and whether the goal is met. */
export function reportRows(results: BenchResults): Row[] {
  const { load, lowZoom, exports, browser } = results;
  const loadRow = (name: string, result: (typeof load)['pageDeep']): Row => [
    name,
    result.requests === 0
      ? 'no answer within the run'
      : `p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.perSecond} req/s${result.failed ? `, ${result.failed} failed` : ''}`,
    '≤ 20 ms p95, ≥ 500 req/s',
    result.p95 <= 20 && result.perSecond >= 500 && result.failed === 0,
  ];
  const viewer = browser.viewer.frames;
  const baseline = browser.baseline.frames;
  const rows: Row[] = [
    ['import (CSV upload)', `${results.import.seconds} s, peak ${results.import.peakMb} MB`, '–', null],
    loadRow('feature page, random page number', load.pageDeep),
    loadRow('feature page, next link (keyset)', load.pageNext),
    ...pastPageRows(load),
    loadRow('search', load.search),
    loadRow('bbox + filter', load.bboxFilter),
    loadRow('vector tiles z12–z14', load.tilesZ12to14),
    ...aggregateRows(load),
    [
      'tiles z0–z8 (all over the area)',
      `${lowZoom.tiles} tiles, largest ${lowZoom.largestKb} KB (${lowZoom.largestAt}), slowest ${lowZoom.slowestMs} ms`,
      '≤ 500 KB',
      lowZoom.largestKb <= 500,
    ],
    ['export GeoJSON', exportCell(exports.geojson), EXPORT_GOAL, exports.geojson.seconds <= 30],
    ['export CSV', exportCell(exports.csv), EXPORT_GOAL, exports.csv.seconds <= 30],
    [
      'export GeoPackage',
      exports.gpkg ? exportCell(exports.gpkg) : 'not measured in this run',
      EXPORT_GOAL,
      exports.gpkg ? exports.gpkg.seconds <= 30 : null,
    ],
    [
      'viewer: first tile / map drawn',
      `${ms(browser.viewer.firstTileMs)} / ${ms(browser.viewer.firstDrawMs)}`,
      '–',
      null,
    ],
    [
      'viewer: frames while panning, zooming',
      viewer
        ? `p50 ${viewer.p50} ms, p95 ${viewer.p95} ms, worst ${viewer.worst} ms${browser.viewer.note ? ` (${browser.viewer.note})` : ''}`
        : (browser.viewer.note ?? '–'),
      '≤ 33 ms p95',
      viewer ? viewer.p95 <= 33 : false,
    ],
    [
      'baseline OL canvas: map drawn',
      browser.baseline.firstDrawMs === null
        ? (browser.baseline.note ?? '–')
        : ms(browser.baseline.firstDrawMs),
      '–',
      null,
    ],
    [
      'baseline OL canvas: frames',
      baseline
        ? `p50 ${baseline.p50} ms, p95 ${baseline.p95} ms, worst ${baseline.worst} ms${browser.baseline.note ? ` (${browser.baseline.note})` : ''}`
        : (browser.baseline.note ?? '–'),
      '–',
      null,
    ],
    [
      'frame p95 ratio baseline / viewer',
      viewer && baseline ? `${Math.round((baseline.p95 / viewer.p95) * 10) / 10}×` : '–',
      '–',
      null,
    ],
    [
      'feature table top → last row',
      `${browser.table.maxDomRows} DOM rows (≤ ${browser.table.allowedRows}), last row ${browser.table.reachedLastRow ? 'shown' : 'NOT shown'}, ${browser.table.seconds} s`,
      'rows ≤ visible + overscan',
      browser.table.maxDomRows <= browser.table.allowedRows && browser.table.reachedLastRow,
    ],
    ['page errors (all pages)', String(browser.pageErrors.length), '0', browser.pageErrors.length === 0],
    [
      '/login first load (JS + CSS, gzip)',
      `${browser.firstLoad.gzipKb} KB in ${browser.firstLoad.files} files${browser.firstLoad.mapEngineFiles.length ? `, map engine: ${browser.firstLoad.mapEngineFiles.join(' ')}` : ', no map engine'}`,
      '≤ 150 KB, no ol/cesium',
      browser.firstLoad.gzipKb <= 150 && browser.firstLoad.mapEngineFiles.length === 0,
    ],
  ];
  return rows;
}

/** A Markdown table, readable in the terminal and pasted as is into the README. */
export function markdownTable(results: BenchResults): string {
  const lines = [
    `N = ${results.n.toLocaleString('en')} points, ${results.date}, ${results.machine}, ${results.database ?? 'PGlite (embedded)'}, load average ${results.loadAverage[0]} → ${results.loadAverage[1]}`,
    '',
    '| Measure | Result | Goal | Met |',
    '| --- | --- | --- | --- |',
    ...reportRows(results).map(
      ([measure, value, goal, met]) =>
        `| ${measure} | ${value} | ${goal} | ${met === null ? '' : met ? 'yes' : 'no'} |`,
    ),
  ];
  return lines.join('\n');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};
const ratio = (after: number, before: number) => `${Math.round((after / before) * 100) / 100}×`;
const loadCell = (result: LoadResult) =>
  `p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.perSecond} req/s${result.failed ? `, ${result.failed} failed` : ''}`;

const ACCESS_LOADS: [AccessPhase, string][] = [
  ['pageDeep', 'feature page, random page number'],
  ['pageNext', 'feature page, next link (keyset)'],
  ['tilesZ12to14', 'vector tiles z12–z14'],
];

/**
 * The page and tile loads without and with the map's grants and rules, round by round, and the
 * median over the rounds with the ratio after / before (p95 and req/s; the goal is within 10 %).
 */
export function accessTable(results: AccessResults): string {
  const lines = [
    `N = ${results.n.toLocaleString('en')} points, ${results.date}, ${results.machine}, ${results.database}; ${results.grants.users} user grants + ${results.grants.groups} group grants, ${results.layerRules} layer rules; ${results.seconds} s per load`,
    '',
    '| Round | Load | Before (admin, no grants) | After (reader through a group) | After (admin) | Load average |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  results.rounds.forEach((entry, index) => {
    for (const [name, label] of ACCESS_LOADS)
      lines.push(
        `| ${index + 1} | ${label} | ${loadCell(entry.before[name])} | ${loadCell(entry.after[name])} | ${loadCell(entry.afterAdmin[name])} | ${entry.loadAverage.join(' ')} |`,
      );
  });
  lines.push(
    '',
    '| Load (median of rounds) | Before | After, reader | After / before (reader): p50, p95, req/s | After / before (admin): p95, req/s | Within 10 % |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const [name, label] of ACCESS_LOADS) {
    const pick = (side: 'before' | 'after' | 'afterAdmin', key: 'p50' | 'p95' | 'perSecond') =>
      round(median(results.rounds.map((entry) => entry[side][name][key])));
    const [b50, b95, bps] = [pick('before', 'p50'), pick('before', 'p95'), pick('before', 'perSecond')];
    const [a50, a95, aps] = [pick('after', 'p50'), pick('after', 'p95'), pick('after', 'perSecond')];
    const within = a95 <= b95 * 1.1 && aps >= bps / 1.1;
    lines.push(
      `| ${label} | p50 ${b50} ms, p95 ${b95} ms, ${bps} req/s | p50 ${a50} ms, p95 ${a95} ms, ${aps} req/s | ${ratio(a50, b50)}, ${ratio(a95, b95)}, ${ratio(aps, bps)} | ${ratio(pick('afterAdmin', 'p95'), b95)}, ${ratio(pick('afterAdmin', 'perSecond'), bps)} | ${within ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The dashboard's aggregations: each one alone, then each round under load, then the median of
 * the rounds against the goal (p95 on the embedded database; PostgreSQL runs show theirs beside it).
 */
export function aggregateTable(results: AggregateResults): string {
  const { single } = results;
  const lines = [
    `N = ${results.n.toLocaleString('en')} points, ${results.date}, ${results.machine}, ${results.database}; ${results.seconds} s per load, 10 connections`,
    '',
    `One at a time: whole layer ${single.wholeFirstMs} ms computed, ${single.wholeAgainMs} ms kept; within a box ${single.bboxMs} ms.`,
    '',
    '| Round | Whole layer (kept per layer version) | Within a 5 km box | Load average |',
    '| --- | --- | --- | --- |',
  ];
  results.rounds.forEach((entry, index) =>
    lines.push(
      `| ${index + 1} | ${loadCell(entry.whole)} | ${loadCell(entry.bbox)} | ${entry.loadAverage.join(' ')} |`,
    ),
  );
  lines.push(
    '',
    '| Aggregation (median of rounds) | p50 | p95 | req/s | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  const onPostgres = results.database === 'PostgreSQL';
  const goals = onPostgres ? AGGREGATE_GOALS_POSTGRES : AGGREGATE_GOALS;
  const where = onPostgres ? 'PostgreSQL' : 'embedded';
  const rows: [string, 'whole' | 'bbox', number][] = [
    ['whole layer', 'whole', goals.aggregateWhole],
    ['within a 5 km box', 'bbox', goals.aggregateBbox],
  ];
  for (const [label, side, goal] of rows) {
    const pick = (key: 'p50' | 'p95' | 'perSecond') =>
      round(median(results.rounds.map((entry) => entry[side][key])), key === 'perSecond' ? 0 : 1);
    const failed = results.rounds.reduce((sum, entry) => sum + entry[side].failed, 0);
    const p95 = pick('p95');
    lines.push(
      `| ${label} | ${pick('p50')} ms | ${p95} ms | ${pick('perSecond')} | ≤ ${goal} ms p95 (${where}) | ${p95 <= goal && failed === 0 ? 'yes' : 'no'}${failed ? `, ${failed} failed` : ''} |`,
    );
  }
  return lines.join('\n');
}

const INSTANCE_LOADS: [InstancePhase, string][] = [
  ['pageDeep', 'feature page, random page number'],
  ['pageNext', 'feature page, next link (keyset)'],
  ['bboxFilter', 'filter, a kind within a 5 km box'],
  ['tilesZ12to14', 'vector tiles z12–z14'],
];

const CPU_PARTS: [keyof CpuShare, string][] = [
  ['instanceA', 'instance a'],
  ['instanceB', 'instance b'],
  ['nginx', 'nginx'],
  ['postgres', 'PostgreSQL'],
  ['bench', 'load generator'],
  ['machine', 'the whole machine (other work too)'],
];

/**
 * The page, bbox and tile loads through nginx in front of one instance and of two, round by
 * round, then the median over the rounds with the ratio two / one (req/s above 1× is a gain;
 * on a machine whose cores the instances share with PostgreSQL and the load, expect little).
 */
export function instancesTable(results: InstancesResults): string {
  const lines = [
    `N = ${results.n.toLocaleString('en')} points, ${results.date}, ${results.machine}, ${results.database}; nginx (${results.nginxWorkers} workers, round-robin) in front of 1 or 2 instances; ${results.seconds} s per load, 10 connections`,
    '',
    '| Round | Load | nginx → 1 instance | nginx → 2 instances | Load average (1 / 2) |',
    '| --- | --- | --- | --- | --- |',
  ];
  results.rounds.forEach((entry, index) => {
    for (const [name, label] of INSTANCE_LOADS)
      lines.push(
        `| ${index + 1} | ${label} | ${loadCell(entry.one[name])} | ${loadCell(entry.two[name])} | ${entry.loadAverage.one[0]} / ${entry.loadAverage.two[0]} |`,
      );
  });
  lines.push(
    '',
    '| Load (median of rounds) | 1 instance | 2 instances | 2 / 1: p50, p95, req/s |',
    '| --- | --- | --- | --- |',
  );
  for (const [name, label] of INSTANCE_LOADS) {
    const pick = (side: 'one' | 'two', key: 'p50' | 'p95' | 'perSecond') =>
      round(median(results.rounds.map((entry) => entry[side][name][key])), key === 'perSecond' ? 0 : 1);
    const failed = (side: 'one' | 'two') =>
      results.rounds.reduce((sum, entry) => sum + entry[side][name].failed, 0);
    const cell = (side: 'one' | 'two') =>
      `p50 ${pick(side, 'p50')} ms, p95 ${pick(side, 'p95')} ms, ${pick(side, 'perSecond')} req/s${failed(side) ? `, ${failed(side)} failed` : ''}`;
    lines.push(
      `| ${label} | ${cell('one')} | ${cell('two')} | ${ratio(pick('two', 'p50'), pick('one', 'p50'))}, ${ratio(pick('two', 'p95'), pick('one', 'p95'))}, ${ratio(pick('two', 'perSecond'), pick('one', 'perSecond'))} |`,
    );
  }
  lines.push(
    '',
    '| Cores used over the loads (median of rounds) | 1 instance | 2 instances |',
    '| --- | --- | --- |',
  );
  for (const [key, label] of CPU_PARTS) {
    const cores = (side: 'one' | 'two') =>
      round(median(results.rounds.map((entry) => entry.cpu[side][key])), 2);
    lines.push(`| ${label} | ${cores('one')} | ${cores('two')} |`);
  }
  return lines.join('\n');
}
