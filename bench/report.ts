import type { ExportResult } from './api-phases.ts';
import type { BenchResults } from './run.ts';

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
    loadRow('search', load.search),
    loadRow('bbox + filter', load.bboxFilter),
    loadRow('vector tiles z12–z14', load.tilesZ12to14),
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
