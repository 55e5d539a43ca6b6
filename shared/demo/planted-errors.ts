import type { Pipe } from './pipes.ts';
import type { StreetGrid } from './street-grid.ts';
import { towards, type LocalPoint } from './town-geometry.ts';
import type { Valve } from './valves.ts';

/**
 * Two digitising errors left in on purpose, for the water network's topology check to find.
 * They are the last pipe and the last valve; on the database `npm start` seeds they are
 * pipe feature id 3360 ('P-03360 Beco do Fim') and valve feature id 4265 ('V-0905')
 * (demo-town.test.ts keeps these numbers honest).
 */
function extreme(grid: StreetGrid, pick: (a: LocalPoint, b: LocalPoint) => boolean): LocalPoint {
  let best: LocalPoint | undefined;
  for (const junction of grid.junctions.values())
    if (best === undefined || pick(junction.point, best)) best = junction.point;
  if (best === undefined) throw new Error('a street grid without junctions');
  return best;
}

/**
 * A cul-de-sac main east of the easternmost junction whose junction end stops 1 m short: it
 * touches nothing, so the pipe graph falls into the town and this one pipe.
 */
export function danglingPipe(grid: StreetGrid, code: string): Pipe {
  const junction = extreme(grid, (a, b) => a.x > b.x);
  const end = { x: junction.x + 70, y: junction.y + 12 };
  return {
    code,
    points: [towards(junction, end, 1), end],
    street: 'Beco do Fim',
    kind: 'street',
    material: 'pe',
    diameter_mm: 90,
    install_date: '2019-06-14',
    status: 'in_service',
  };
}

/** A valve 30 m west of the westernmost junction: every pipe lies at least that far east. */
export function strayValve(grid: StreetGrid, code: string): Valve {
  const junction = extreme(grid, (a, b) => a.x < b.x);
  return {
    code,
    point: { x: junction.x - 30, y: junction.y },
    type: 'gate',
    diameter_mm: 100,
    is_open: true,
  };
}
