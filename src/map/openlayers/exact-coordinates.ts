import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry as OlGeometry } from 'ol/geom';
import { fromLonLat, toLonLat } from 'ol/proj';
import type { Geometry } from '@generated/model';

const lonLat = new GeoJSON();
const DECIMALS = 1e7;

/** A place on the web-mercator map, to the millimetre: the key a vertex is found again by. */
const keyOf = (x: number, y: number) => `${x.toFixed(3)},${y.toFixed(3)}`;

function positionsOf(coordinates: unknown, into: number[][]): void {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === 'number') into.push(coordinates as number[]);
  else for (const part of coordinates) positionsOf(part, into);
}

/**
 * The stored longitudes and latitudes of the vertices an edit may land on: a vertex snapped
 * to a stored one, or left where it was, is written back with the very numbers it was read
 * with (the trip through web mercator and back would change their last digits, so a pipe
 * end would no longer equal the end it was snapped to). Other vertices are rounded to 1e-7°
 * (about 1 cm), as pixel-derived coordinates carry meaningless digits.
 */
export function createExactCoordinates() {
  const sets = new Map<string, Map<string, number[]>>();
  const find = (key: string) => {
    for (const set of sets.values()) {
      const found = set.get(key);
      if (found) return found;
    }
    return undefined;
  };
  return {
    /** Replaces the vertices remembered under `name` (e.g. the snap targets, or the edited feature). */
    remember(name: string, geometries: readonly Geometry[]): void {
      const set = new Map<string, number[]>();
      for (const geometry of geometries) {
        const positions: number[][] = [];
        positionsOf(geometry.coordinates, positions);
        for (const position of positions) {
          const [x = 0, y = 0] = fromLonLat(position);
          set.set(keyOf(x, y), position.slice(0, 2));
        }
      }
      sets.set(name, set);
    },
    /** The geometry (EPSG:3857) as GeoJSON in EPSG:4326, stored numbers kept where known. */
    write(geometry: OlGeometry): Geometry {
      const copy = geometry.clone();
      copy.applyTransform((input, output, stride = 2) => {
        const out = output ?? input;
        for (let i = 0; i + 1 < input.length; i += stride) {
          const x = input[i] ?? 0;
          const y = input[i + 1] ?? 0;
          const exact = find(keyOf(x, y));
          const [lon = 0, lat = 0] =
            exact ?? toLonLat([x, y]).map((v) => Math.round(v * DECIMALS) / DECIMALS);
          out[i] = lon;
          out[i + 1] = lat;
        }
        return out;
      });
      return JSON.parse(JSON.stringify(lonLat.writeGeometryObject(copy))) as Geometry;
    },
  };
}
