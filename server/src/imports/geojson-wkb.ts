/**
 * GeoJSON geometries as the binary form (WKB) the database reads fastest. Parsing a line at the
 * vertex limit from GeoJSON took the embedded database about a second, in one statement that
 * every other client's request waited for; the same line as WKB takes a quarter of that.
 */

type Position = readonly number[];

const TYPE_CODES: Readonly<Record<string, number>> = {
  Point: 1,
  LineString: 2,
  Polygon: 3,
  MultiPoint: 4,
  MultiLineString: 5,
  MultiPolygon: 6,
  GeometryCollection: 7,
};

/** Big enough that reading GeoJSON costs the database more than building WKB costs this thread. */
export const WKB_FROM_POSITIONS = 1000;

const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]);

function isLine(value: unknown): value is Position[] {
  return Array.isArray(value) && value.length >= 2 && value.every(isPosition);
}

function isRing(value: unknown): value is Position[] {
  if (!Array.isArray(value) || value.length < 4 || !value.every(isPosition)) return false;
  const first = value[0] as Position;
  const last = value[value.length - 1] as Position;
  return first[0] === last[0] && first[1] === last[1];
}

const isPolygon = (value: unknown): value is Position[][] =>
  Array.isArray(value) && value.length >= 1 && value.every(isRing);

const nonEmptyArrayOf = <T>(value: unknown, item: (member: unknown) => member is T): value is T[] =>
  Array.isArray(value) && value.length >= 1 && value.every(item);

interface Geometry {
  type: string;
  coordinates?: unknown;
  geometries?: unknown;
}

/** Its size in WKB, or undefined when it is not plainly well formed (the database then judges the GeoJSON). */
function wkbSize(geometry: unknown): number | undefined {
  if (typeof geometry !== 'object' || geometry === null) return undefined;
  const { type, coordinates, geometries } = geometry as Geometry;
  switch (type) {
    case 'Point':
      return isPosition(coordinates) ? 21 : undefined;
    case 'LineString':
      return isLine(coordinates) ? 9 + coordinates.length * 16 : undefined;
    case 'Polygon':
      return isPolygon(coordinates) ? polygonSize(coordinates) : undefined;
    case 'MultiPoint':
      return nonEmptyArrayOf(coordinates, isPosition) ? 9 + coordinates.length * 21 : undefined;
    case 'MultiLineString':
      return nonEmptyArrayOf(coordinates, isLine)
        ? coordinates.reduce((size, line) => size + 9 + line.length * 16, 9)
        : undefined;
    case 'MultiPolygon':
      return nonEmptyArrayOf(coordinates, isPolygon)
        ? coordinates.reduce((size, polygon) => size + polygonSize(polygon), 9)
        : undefined;
    case 'GeometryCollection': {
      if (!Array.isArray(geometries) || geometries.length === 0) return undefined;
      let size = 9;
      for (const member of geometries as unknown[]) {
        const memberSize = wkbSize(member);
        if (memberSize === undefined) return undefined;
        size += memberSize;
      }
      return size;
    }
    default:
      return undefined;
  }
}

const polygonSize = (rings: readonly Position[][]) =>
  rings.reduce((size, ring) => size + 4 + ring.length * 16, 9);

/** Writes little-endian two-dimensional WKB (a third coordinate is dropped, as the import does). */
class WkbWriter {
  offset = 0;
  constructor(readonly buffer: Buffer) {}

  header(type: string, count?: number): void {
    this.buffer.writeUInt8(1, this.offset);
    this.buffer.writeUInt32LE(TYPE_CODES[type] ?? 0, this.offset + 1);
    this.offset += 5;
    if (count !== undefined) this.count(count);
  }

  count(count: number): void {
    this.buffer.writeUInt32LE(count, this.offset);
    this.offset += 4;
  }

  position(position: Position): void {
    this.buffer.writeDoubleLE(position[0] as number, this.offset);
    this.buffer.writeDoubleLE(position[1] as number, this.offset + 8);
    this.offset += 16;
  }

  positions(positions: readonly Position[]): void {
    this.count(positions.length);
    for (const position of positions) this.position(position);
  }

  polygon(rings: readonly Position[][]): void {
    this.header('Polygon', rings.length);
    for (const ring of rings) this.positions(ring);
  }

  geometry(geometry: Geometry): void {
    const coordinates = geometry.coordinates as never;
    switch (geometry.type) {
      case 'Point':
        this.header('Point');
        this.position(coordinates);
        return;
      case 'LineString':
        this.header('LineString');
        this.positions(coordinates);
        return;
      case 'Polygon':
        this.polygon(coordinates);
        return;
      case 'MultiPoint':
        this.header('MultiPoint', (coordinates as Position[]).length);
        for (const point of coordinates as Position[]) {
          this.header('Point');
          this.position(point);
        }
        return;
      case 'MultiLineString':
        this.header('MultiLineString', (coordinates as Position[][]).length);
        for (const line of coordinates as Position[][]) {
          this.header('LineString');
          this.positions(line);
        }
        return;
      case 'MultiPolygon':
        this.header('MultiPolygon', (coordinates as Position[][][]).length);
        for (const polygon of coordinates as Position[][][]) this.polygon(polygon);
        return;
      default: {
        const members = geometry.geometries as Geometry[];
        this.header('GeometryCollection', members.length);
        for (const member of members) this.geometry(member);
      }
    }
  }
}

/**
 * The geometry as hex WKB, or undefined when it is not a plainly well-formed GeoJSON geometry
 * (an empty one, a short line, an open ring…): those go to the database as GeoJSON, which
 * explains what is wrong with them.
 */
export function geoJsonAsWkb(geometry: unknown): string | undefined {
  const size = wkbSize(geometry);
  if (size === undefined) return undefined;
  const writer = new WkbWriter(Buffer.alloc(size));
  writer.geometry(geometry as Geometry);
  return writer.buffer.toString('hex');
}
