import type { HydraulicModel, ModelNode } from './hydraulic-model.ts';
import type { XY } from '@shared/water-network/plane.ts';

/** Numbers as EPANET reads them: plain decimals, no exponent, a few digits. */
const n = (value: number, digits = 4): string => {
  const fixed = value.toFixed(digits);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
};

export interface InpOptions {
  title: string;
  /** Coordinates of the [COORDINATES] and [VERTICES] sections; left out when absent (a run needs none). */
  position?: (point: XY) => [number, number];
}

/**
 * The model as an EPANET INP file: LPS flow units (so lengths in m, diameters in mm, pressures
 * in m), Hazen-Williams head loss, one steady-state period. Tanks hold their level between a
 * minimum of 0 and a maximum of twice the level, so one period never empties nor fills them.
 */
export function writeInp(model: HydraulicModel, options: InpOptions): string {
  const lines: string[] = ['[TITLE]', options.title.replace(/[\r\n[\]]+/g, ' ').slice(0, 79), ''];
  const of = (kind: ModelNode['kind']) => model.nodes.filter((node) => node.kind === kind);
  lines.push('[JUNCTIONS]', ';ID\tElev\tDemand');
  for (const node of of('junction')) lines.push(`${node.id}\t${n(node.elevation)}\t${n(node.demandLps, 6)}`);
  lines.push('', '[RESERVOIRS]', ';ID\tHead');
  for (const node of of('reservoir')) lines.push(`${node.id}\t${n(node.head ?? 0)}`);
  lines.push('', '[TANKS]', ';ID\tElev\tInitLvl\tMinLvl\tMaxLvl\tDiam\tMinVol');
  for (const node of of('tank')) {
    const level = node.level ?? 0;
    lines.push(
      `${node.id}\t${n(node.elevation)}\t${n(level)}\t0\t${n(Math.max(level * 2, level + 1))}\t${n(node.tankDiameter ?? 20)}\t0`,
    );
  }
  lines.push('', '[PIPES]', ';ID\tNode1\tNode2\tLength\tDiam\tRough\tMLoss\tStatus');
  for (const pipe of model.pipes)
    lines.push(
      `${pipe.id}\t${pipe.from}\t${pipe.to}\t${n(pipe.lengthM, 3)}\t${n(pipe.diameterMm, 3)}\t${n(pipe.c, 3)}\t0\t${pipe.closed ? 'Closed' : 'Open'}`,
    );
  lines.push(
    '',
    '[OPTIONS]',
    'Units\tLPS',
    'Headloss\tH-W',
    'Trials\t200',
    'Accuracy\t0.0001',
    'Unbalanced\tContinue 10',
    '',
    '[TIMES]',
    'Duration\t0',
    '',
    '[REPORT]',
    'Status\tNo',
    'Summary\tNo',
  );
  const position = options.position;
  if (position) {
    lines.push('', '[COORDINATES]', ';Node\tX-Coord\tY-Coord');
    for (const node of model.nodes) {
      const [x, y] = position(node.point);
      lines.push(`${node.id}\t${n(x, 7)}\t${n(y, 7)}`);
    }
    lines.push('', '[VERTICES]', ';Link\tX-Coord\tY-Coord');
    for (const pipe of model.pipes)
      for (const vertex of pipe.vertices) {
        const [x, y] = position(vertex);
        lines.push(`${pipe.id}\t${n(x, 7)}\t${n(y, 7)}`);
      }
  }
  lines.push('', '[END]', '');
  return lines.join('\n');
}
