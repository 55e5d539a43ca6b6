import { FilterError, type Token } from './cql2-lexer.ts';

export type GeometryLiteral =
  | { kind: 'bbox'; values: [number, number, number, number] }
  | { kind: 'geojson'; geojson: { type: string; coordinates: unknown } };

type Position = [number, number];

const fail = (token: Token, expected: string): never => {
  throw new FilterError('syntax', token.position, { expected, found: token.text });
};

function position(value: unknown, token: Token): Position {
  if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isFinite(n)))
    return fail(token, 'x y');
  const [x, y] = value as Position;
  if (Math.abs(x) > 180 || Math.abs(y) > 90) return fail(token, 'x y in CRS84');
  return [x, y];
}

function positions(value: unknown, token: Token, least: number): Position[] {
  if (!Array.isArray(value) || value.length < least) return fail(token, `${least} positions or more`);
  return value.map((entry) => position(entry, token));
}

/**
 * A WKT or BBOX literal of S_INTERSECTS, checked so PostGIS never sees a shape it would
 * refuse (an open ring would be a database error, that is a 500): BBOX(4 numbers), POINT,
 * LINESTRING, POLYGON (closed rings of 4 positions or more).
 */
export function geometryLiteral(token: Token, numbers: () => unknown): GeometryLiteral {
  const word = token.quoted ? '' : token.text.toUpperCase();
  if (!['BBOX', 'POINT', 'LINESTRING', 'POLYGON'].includes(word))
    return fail(token, 'BBOX, POINT, LINESTRING or POLYGON');
  const parts = numbers();
  if (word === 'BBOX') {
    // BBOX(minx, miny, maxx, maxy): each number is its own part.
    const flat = Array.isArray(parts) ? parts.flat() : [];
    if (flat.length !== 4 || !flat.every((n) => typeof n === 'number' && Number.isFinite(n)))
      return fail(token, 'BBOX(minx, miny, maxx, maxy)');
    return { kind: 'bbox', values: flat as [number, number, number, number] };
  }
  if (word === 'POINT') {
    const [only] = Array.isArray(parts) ? parts : [];
    return { kind: 'geojson', geojson: { type: 'Point', coordinates: position(only, token) } };
  }
  if (word === 'LINESTRING')
    return { kind: 'geojson', geojson: { type: 'LineString', coordinates: positions(parts, token, 2) } };
  if (!Array.isArray(parts) || parts.length === 0) return fail(token, 'POLYGON((x y, …))');
  const rings = parts.map((ring) => {
    const ringPositions = positions(ring, token, 4);
    const first = ringPositions[0]!;
    const last = ringPositions[ringPositions.length - 1]!;
    if (first[0] !== last[0] || first[1] !== last[1]) return fail(token, 'a closed ring');
    return ringPositions;
  });
  return { kind: 'geojson', geojson: { type: 'Polygon', coordinates: rings } };
}
