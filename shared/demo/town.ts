import { placeHydrants } from './hydrants.ts';
import { placeServicePoints, placeSources } from './hydraulics.ts';
import { layPipes } from './pipes.ts';
import { danglingPipe, strayValve } from './planted-errors.ts';
import { seededRandom } from './random.ts';
import { streetGrid } from './street-grid.ts';
import { streetsOf } from './streets.ts';
import { toLonLat, type LocalPoint, type LonLat } from './town-geometry.ts';
import { placeValves } from './valves.ts';
import { pressureZones, zoneOf, type Box } from './zones.ts';

export type PropertyValue = string | number | boolean | null;

export type TownGeometry =
  | { type: 'Point'; coordinates: LonLat }
  | { type: 'LineString'; coordinates: LonLat[] }
  | { type: 'Polygon'; coordinates: LonLat[][] };

export interface TownFeature {
  geometry: TownGeometry;
  properties: Record<string, PropertyValue>;
}

export interface DemoTown {
  center: LonLat;
  /** [west, south, east, north] of the zones, which cover everything else. */
  extent: [number, number, number, number];
  pipes: TownFeature[];
  valves: TownFeature[];
  hydrants: TownFeature[];
  zones: TownFeature[];
  /** The street grid as named lines (written after the network, so its ids do not move). */
  streets: TownFeature[];
  /** Water for the hydraulic simulation: service points and the reservoir and tank (written last). */
  servicePoints: TownFeature[];
  sources: TownFeature[];
  /** Positions in `pipes` / `valves` of the two planted digitising errors. */
  planted: { pipe: number; valve: number };
}

/** Change it and every demo id and geometry changes: tests and screenshots rely on it. */
export const DEMO_TOWN_SEED = 20_240_601;

/**
 * The whole demo town, a pure function of DEMO_TOWN_SEED. On a fresh database the pipes get
 * feature ids 1…n in this order, then valves, hydrants and zones; the planted errors are the
 * last pipe (its west end stops 1 m short of a junction) and the last valve (30 m off any pipe).
 */
export function generateTown(seed: number = DEMO_TOWN_SEED): DemoTown {
  const random = seededRandom(seed);
  const grid = streetGrid(random);
  const laid = layPipes(random, grid);
  const { valves, pipes } = placeValves(random, grid, laid);
  pipes.push(danglingPipe(grid, `P-${String(pipes.length + 1).padStart(5, '0')}`));
  valves.push(strayValve(grid, `V-${String(valves.length + 1).padStart(4, '0')}`));
  const hydrants = placeHydrants(random, pipes);
  const servicePoints = placeServicePoints(seed, pipes);
  const sources = placeSources(pipes);

  const everything = [
    ...pipes.flatMap((pipe) => pipe.points),
    ...valves.map((valve) => valve.point),
    ...hydrants.map((hydrant) => hydrant.point),
  ];
  const margin = 150;
  const box: Box = {
    minX: Math.min(...everything.map((point) => point.x)) - margin,
    minY: Math.min(...everything.map((point) => point.y)) - margin,
    maxX: Math.max(...everything.map((point) => point.x)) + margin,
    maxY: Math.max(...everything.map((point) => point.y)) + margin,
  };
  const zones = pressureZones(random, box);
  const [west, south] = toLonLat({ x: box.minX, y: box.minY });
  const [east, north] = toLonLat({ x: box.maxX, y: box.maxY });
  const point = (at: LocalPoint): TownGeometry => ({ type: 'Point', coordinates: toLonLat(at) });

  return {
    center: toLonLat({ x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 }),
    extent: [west, south, east, north],
    pipes: pipes.map((pipe) => {
      const start = pipe.points[0] as LocalPoint;
      const end = pipe.points[pipe.points.length - 1] as LocalPoint;
      const middle = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
      return {
        geometry: { type: 'LineString', coordinates: pipe.points.map(toLonLat) },
        properties: {
          name: `${pipe.code} ${pipe.street}`,
          street: pipe.street,
          material: pipe.material,
          diameter_mm: pipe.diameter_mm,
          install_date: pipe.install_date,
          status: pipe.status,
          length_m: Math.round(Math.hypot(end.x - start.x, end.y - start.y) * 10) / 10,
          zone: zoneOf(zones, middle),
        },
      };
    }),
    valves: valves.map((valve) => ({
      geometry: point(valve.point),
      properties: {
        valve_id: valve.code,
        type: valve.type,
        diameter_mm: valve.diameter_mm,
        is_open: valve.is_open,
      },
    })),
    hydrants: hydrants.map((hydrant) => ({
      geometry: point(hydrant.point),
      properties: { hydrant_id: hydrant.code, kind: hydrant.kind, flow_lps: hydrant.flow_lps },
    })),
    zones: zones.map((zone) => ({
      geometry: { type: 'Polygon', coordinates: [zone.ring.map(toLonLat)] },
      properties: { name: zone.name, target_pressure_bar: zone.target_pressure_bar },
    })),
    streets: streetsOf(grid).map((street) => ({
      geometry: { type: 'LineString', coordinates: street.points.map(toLonLat) },
      properties: { name: street.name, kind: street.kind },
    })),
    servicePoints: servicePoints.map((service) => ({
      geometry: point(service.point),
      properties: { service_id: service.code, demand_lps: service.demand_lps },
    })),
    sources: sources.map(({ point: at, ...source }) => ({
      geometry: point(at),
      properties: {
        source_id: source.code,
        name: source.name,
        kind: source.kind,
        head_m: source.head_m,
        elevation_m: source.elevation_m,
        level_m: source.level_m,
        diameter_m: source.diameter_m,
      },
    })),
    planted: { pipe: pipes.length - 1, valve: valves.length - 1 },
  };
}
