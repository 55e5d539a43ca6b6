/** GeoJSON geometries as Shapefile shape records (ESRI Shapefile Technical Description, 1998). */
type Position = number[];
interface Geometry {
  type: string;
  coordinates: unknown;
}

export const SHAPE = { null: 0, point: 1, polyline: 3, polygon: 5, multipoint: 8 } as const;

/** The shape type a layer's geometry type is written as. */
export function shapeTypeOf(geometryType: string | null | undefined): number {
  switch (geometryType) {
    case 'Point':
      return SHAPE.point;
    case 'MultiPoint':
      return SHAPE.multipoint;
    case 'LineString':
    case 'MultiLineString':
      return SHAPE.polyline;
    case 'Polygon':
    case 'MultiPolygon':
      return SHAPE.polygon;
    default:
      return SHAPE.null;
  }
}

/** Twice the signed area; positive for counter-clockwise rings. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Shapefile rings: outer rings clockwise, holes counter-clockwise. */
function orient(ring: Position[], outer: boolean): Position[] {
  const clockwise = signedArea(ring) < 0;
  return clockwise === outer ? ring : [...ring].reverse();
}

function partsOf(geometry: Geometry): Position[][] {
  const c = geometry.coordinates;
  switch (geometry.type) {
    case 'MultiPoint':
      return [c as Position[]];
    case 'LineString':
      return [c as Position[]];
    case 'MultiLineString':
      return c as Position[][];
    case 'Polygon':
      return (c as Position[][]).map((ring, index) => orient(ring, index === 0));
    case 'MultiPolygon':
      return (c as Position[][][]).flatMap((polygon) =>
        polygon.map((ring, index) => orient(ring, index === 0)),
      );
    default:
      return [];
  }
}

export interface ShapeRecord {
  content: Buffer;
  bbox: [number, number, number, number] | null;
}

/** One record's content; a geometry of another shape type than the file's is a null shape. */
export function shapeRecord(shapeType: number, geometry: Geometry | null): ShapeRecord {
  if (!geometry || shapeTypeOf(geometry.type) !== shapeType) return nullShape();
  if (shapeType === SHAPE.point) {
    const [x = 0, y = 0] = geometry.coordinates as Position;
    const content = Buffer.alloc(20);
    content.writeInt32LE(SHAPE.point, 0);
    content.writeDoubleLE(x, 4);
    content.writeDoubleLE(y, 12);
    return { content, bbox: [x, y, x, y] };
  }
  const parts = partsOf(geometry);
  const points = parts.flat();
  if (points.length === 0) return nullShape();
  const xs = points.map((p) => p[0] ?? 0);
  const ys = points.map((p) => p[1] ?? 0);
  const bbox: [number, number, number, number] = [
    Math.min(...xs),
    Math.min(...ys),
    Math.max(...xs),
    Math.max(...ys),
  ];
  const withParts = shapeType !== SHAPE.multipoint;
  const partBytes = withParts ? 4 + parts.length * 4 : 0;
  const content = Buffer.alloc(4 + 32 + 4 + partBytes + points.length * 16);
  content.writeInt32LE(shapeType, 0);
  bbox.forEach((value, index) => content.writeDoubleLE(value, 4 + index * 8));
  let offset = 36;
  if (withParts) {
    content.writeInt32LE(parts.length, offset);
    offset += 4;
  }
  content.writeInt32LE(points.length, offset);
  offset += 4;
  if (withParts) {
    let start = 0;
    for (const part of parts) {
      content.writeInt32LE(start, offset);
      offset += 4;
      start += part.length;
    }
  }
  for (const [x = 0, y = 0] of points) {
    content.writeDoubleLE(x, offset);
    content.writeDoubleLE(y, offset + 8);
    offset += 16;
  }
  return { content, bbox };
}

function nullShape(): ShapeRecord {
  const content = Buffer.alloc(4);
  content.writeInt32LE(SHAPE.null, 0);
  return { content, bbox: null };
}

/** The 100-byte header shared by .shp and .shx. */
export function shapeFileHeader(
  fileBytes: number,
  shapeType: number,
  bbox: [number, number, number, number] | null,
): Buffer {
  const header = Buffer.alloc(100);
  header.writeInt32BE(9994, 0);
  header.writeInt32BE(fileBytes / 2, 24);
  header.writeInt32LE(1000, 28);
  header.writeInt32LE(shapeType, 32);
  (bbox ?? [0, 0, 0, 0]).forEach((value, index) => header.writeDoubleLE(value, 36 + index * 8));
  return header;
}
