import type { LoadResult } from './load.ts';
import type { PeerLoadResult } from './peer-phases.ts';

export interface PeerResults {
  peer: string;
  n: number;
  date: string;
  machine: string;
  database: string;
  /** Who our side reads as, and the access setting in force (absent in runs before it was). */
  access?: string;
  /** The 1-minute load average before and after: other work on the shared machine skews both sides. */
  loadAverage: [before: number, after: number];
  rounds: number;
  secondsPerRun: number;
  /** Whether MapServer's offset pages held the same points as ours (its order is the table's physical order). */
  pagesInIdOrder?: boolean;
  loads: PeerLoadResult[];
}

const cell = (result: LoadResult) =>
  result.requests === 0
    ? 'no answer'
    : `${result.perSecond} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms${result.failed ? `, ${result.failed} failed` : ''}`;

/** Our rate over MapServer's, said the way round that reads: who is ahead and by how much. */
export function ratioText(ours: LoadResult, theirs: LoadResult): string {
  if (ours.perSecond === 0 || theirs.perSecond === 0) return '–';
  const ratio = ours.perSecond / theirs.perSecond;
  return ratio >= 1
    ? `${ratio.toFixed(2)}× (we are ahead)`
    : `${ratio.toFixed(2)}× (MapServer ${(1 / ratio).toFixed(2)}× ahead)`;
}

/** The side-by-side table, readable in the terminal and pasted as is into the README. */
export function peerTable(results: PeerResults): string {
  const lines = [
    `N = ${results.n.toLocaleString('en')} points, ${results.date}, ${results.machine}, ${results.database}, ${results.access ? `${results.access}, ` : ''}` +
      `${results.peer}, ${results.rounds} alternating rounds of ${results.secondsPerRun} s, ` +
      `load average ${results.loadAverage[0]} → ${results.loadAverage[1]}`,
    '',
    '| Load | Ours | Ours | MapServer | Ours / MapServer (req/s) |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const load of results.loads)
    for (const [label, ours] of Object.entries(load.ours))
      lines.push(
        `| ${load.load} | ${label} | ${cell(ours)} | ${cell(load.mapserver)} | ${ratioText(ours, load.mapserver)} |`,
      );
  return lines.join('\n');
}
