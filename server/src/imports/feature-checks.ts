import { featureLimits, jsonBytes } from '../features/feature-limits.ts';
import { msg, type Message } from '../i18n/messages.ts';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

/**
 * Positions an import writes per statement, at most (one feature may pass it alone): four lines
 * of 100,000 vertices in one statement held the database for every other client for seconds.
 */
export const STATEMENT_POSITIONS = 100_000;

/** The document's limits on a feature's values (FeatureProperties), as `updateFeatures` applies them. */
export const MAX_VALUE_CHARS = 10_000;
export const MAX_PROPERTIES = 200;
/**
 * Deeper than any real GeoJSON (a GeometryCollection's polygon is four levels of arrays). A
 * value nested 100,000 deep overflowed the stack of JSON.stringify: a 500, and an import job
 * retried three times.
 */
export const MAX_NESTING = 32;

/** Why a feature's structure cannot be stored at all, or undefined. Walks without recursion. */
function structuralProblem(feature: ImportedFeature): string | undefined {
  const stack: { value: unknown; depth: number }[] = [
    { value: feature.geometry, depth: 1 },
    { value: feature.properties, depth: 1 },
  ];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      // PostgreSQL text and jsonb cannot hold U+0000.
      if (value.includes('\u0000')) return 'a value holds a NUL character (\\u0000)';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_NESTING) return `a value is nested deeper than ${MAX_NESTING} levels`;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'a name holds a NUL character (\\u0000)';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Every reader's features pass here: a structure no database or serializer takes is the
 * file's fault (UnreadableFile: a 422, and a job that fails at once), found before anything
 * is stored.
 */
export function checkedReader(read: FeatureReader): FeatureReader {
  return async function* checked(progress): AsyncIterable<ImportedFeature> {
    let row = 0;
    for await (const feature of read(progress)) {
      row += 1;
      const problem = structuralProblem(feature);
      if (problem) throw new UnreadableFile(`${problem} (feature ${row})`);
      yield feature;
    }
  };
}

/**
 * The warning for a feature whose stored values pass the document's length limit (it is
 * skipped, as a feature without geometry is), or undefined when it may be stored.
 */
export function overLongValue(properties: Record<string, unknown>, row: number): Message | undefined {
  for (const [field, value] of Object.entries(properties))
    if (typeof value === 'string' && value.length > MAX_VALUE_CHARS)
      return msg('exports.import_value_too_long', { row, field, limit: MAX_VALUE_CHARS });
  return undefined;
}

/**
 * Whether a geometry holds a coordinate that is not a finite number: NaN (a Shapefile's empty
 * point), ±Infinity (GeoJSON `1e400`, KML `Infinity`). JSON has no such numbers, so storing one
 * wrote null, which PostGIS read as 0: the feature landed at 0, 0. Walks without recursion.
 */
export function hasNonFiniteCoordinate(geometry: unknown): boolean {
  return somePosition(geometry, (position) =>
    position.some((value) => typeof value === 'number' && !Number.isFinite(value)),
  );
}

/**
 * Whether a position of a longitude/latitude geometry lies beyond the poles (|latitude| > 90):
 * PostGIS cannot project it to the map's Web Mercator, so the feature could not be stored.
 * Geometries given as WKB or WKT text are checked by the database instead.
 */
export function hasLatitudeBeyondPoles(geometry: unknown): boolean {
  return somePosition(geometry, ([, y]) => typeof y === 'number' && Math.abs(y) > 90);
}

/**
 * Whether `test` holds for a position (an array of numbers) of a GeoJSON-shaped geometry,
 * collections included. Walks without recursion.
 */
function somePosition(geometry: unknown, test: (position: unknown[]) => boolean): boolean {
  const stack: unknown[] = [geometry];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      if (typeof value[0] === 'number') {
        if (test(value as unknown[])) return true;
        continue;
      }
      // One at a time: spreading a million positions into push() overflows the call stack.
      for (const item of value as unknown[]) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      const { coordinates, geometries } = value as { coordinates?: unknown; geometries?: unknown };
      if (coordinates !== undefined) stack.push(coordinates);
      if (geometries !== undefined) stack.push(geometries);
    }
  }
  return false;
}

/** How many positions a geometry has, counting no further than `limit + 1`. Walks without recursion. */
export function vertexCount(geometry: unknown, limit = featureLimits().vertices): number {
  let count = 0;
  const stack: unknown[] = [geometry];
  while (stack.length > 0 && count <= limit) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      if (value.length > 0 && typeof value[0] === 'number') count += 1;
      else for (const item of value as unknown[]) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      const { coordinates, geometries } = value as { coordinates?: unknown; geometries?: unknown };
      if (coordinates !== undefined) stack.push(coordinates);
      if (geometries !== undefined) stack.push(geometries);
    }
  }
  return count;
}

/**
 * Marks the stand-in the parse worker sends for a geometry of more positions than the limit
 * (parse-worker.ts): it keeps the geometry's type and has no coordinates.
 */
export const OVERSIZED = 'atlasboard_oversized';

/** The warning for a feature whose geometry cannot be stored as it is (it is skipped), or undefined. */
export function unusableGeometry(geometry: unknown, row: number): Message | undefined {
  const { vertices } = featureLimits();
  if (typeof geometry === 'object' && geometry !== null && OVERSIZED in geometry)
    return msg('exports.import_too_many_vertices', { row, limit: vertices });
  if (hasNonFiniteCoordinate(geometry)) return msg('exports.import_not_finite', { row });
  if (hasLatitudeBeyondPoles(geometry)) return msg('exports.import_beyond_poles', { row });
  if (vertexCount(geometry, vertices) > vertices)
    return msg('exports.import_too_many_vertices', { row, limit: vertices });
  return undefined;
}

/**
 * The warning for a feature whose geometry and values together pass the configured size in
 * bytes (it is skipped), or undefined. Asked after unusableGeometry, so at most the vertex
 * limit is serialized.
 */
export function oversizedFeature(geometry: unknown, properties: unknown, row: number): Message | undefined {
  const { bytes } = featureLimits();
  if (jsonBytes(geometry) + jsonBytes(properties) > bytes)
    return msg('feature_size.import_too_big', { row, limit: bytes });
  return undefined;
}

/** A file with more attributes than a feature may have cannot make a layer. */
export function tooManyProperties(count: number): UnreadableFile | undefined {
  return count > MAX_PROPERTIES
    ? new UnreadableFile(
        'too many attributes',
        msg('exports.import_too_many_properties', { count, limit: MAX_PROPERTIES }),
      )
    : undefined;
}
