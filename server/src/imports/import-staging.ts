import type { Database } from '../db/database.ts';
import { msg, type Message } from '../i18n/messages.ts';
import { keepsMaps } from '../maps/map-cache.ts';
import {
  hasNonFiniteCoordinate,
  overLongValue,
  oversizedFeature,
  tooManyProperties,
  unusableGeometry,
  STATEMENT_POSITIONS,
  vertexCount,
} from './feature-checks.ts';
import { geoJsonAsWkb, WKB_FROM_POSITIONS } from './geojson-wkb.ts';
import { typedProperties } from './import-layer.ts';
import { writeBatch, type HiddenLayerJob } from './hidden-layer.ts';
import { JobLeaseLost } from '../jobs/job-worker.ts';
import { importedSearchText } from './import-search-text.ts';
import { UnreadableFile, type FeatureReader, type ReadProgress } from './imported-feature.ts';
import type { InferredProperty, InferredType, SchemaInference } from './schema-inference.ts';

/**
 * Features written per transaction (at most; and at most STATEMENT_POSITIONS positions): about
 * 50 ms of the embedded database's thread for points, which is what a request that comes in
 * meanwhile waits at most. At 2,000 the waits of other requests during an import doubled.
 */
const BATCH = 1000;

async function stageBatch(
  db: Database,
  job: HiddenLayerJob,
  layerId: number,
  batch: object[],
  row: number,
): Promise<void> {
  try {
    await writeBatch(db, job, layerId, JSON.stringify(batch));
  } catch (error) {
    if (error instanceof JobLeaseLost) throw error;
    // PostGIS refused a geometry (bad WKT, broken coordinates): the file is at fault.
    throw new UnreadableFile(
      `${error instanceof Error ? error.message : String(error)} (before feature ${row})`,
    );
  }
}

/**
 * A big geometry is staged as WKB, which the database reads about four times faster than GeoJSON:
 * a line at the vertex limit held every other client's requests for about a second as GeoJSON.
 */
function stagedGeometry(geometry: object, positions: number): object {
  if (positions < WKB_FROM_POSITIONS || ('type' in geometry && geometry.type === 'WKB')) return geometry;
  const wkb = geoJsonAsWkb(geometry);
  return wkb === undefined ? geometry : { type: 'WKB', coordinates: wkb };
}

/** What one read of the file wrote into the hidden layer. */
export interface Staged {
  staged: number;
  skipped: number;
  warnings: Message[];
  /** Features with a geometry of finite coordinates, skipped or not. */
  usable: number;
  /** The type each property's first staged value was written as. */
  writtenAs: Map<string, InferredType>;
}

/**
 * Reads the file once, writing its features into the job's hidden layer batch by batch
 * (reporting progress, which renews the lease) with each property's values written as `schema`
 * says, or, without one, as the types seen so far say (learning them in `inference` as it goes).
 */
export async function stageFile(
  db: Database,
  job: HiddenLayerJob,
  layerId: number,
  read: FeatureReader,
  inference: SchemaInference,
  schema: InferredProperty[] | undefined,
  /** Reports how far staging is, from 0 to 1. */
  report: (fraction: number) => Promise<void>,
): Promise<Staged> {
  // The embedded database: one connection, on which nothing else runs within a transaction.
  const embedded = keepsMaps(db);
  const result: Staged = {
    staged: 0,
    skipped: 0,
    warnings: [],
    usable: 0,
    writtenAs: new Map(),
  };
  const skip = (warning: Message) => {
    result.skipped += 1;
    if (result.warnings.length < 20) result.warnings.push(warning);
  };
  const progress: ReadProgress = { fraction: 0 };
  let row = 0;
  let batch: object[] = [];
  let batchPositions = 0;
  // The statement writing the last batch: the next batch is read and checked while the
  // database runs it (on the embedded database they are two threads), and it is awaited before
  // the next statement is sent, so at most one batch waits in memory besides the one being read.
  let staging: Promise<void> = Promise.resolve();
  const flush = async () => {
    await staging;
    await report(progress.fraction);
    staging = stageBatch(db, job, layerId, batch, row);
    // Its failure is thrown where it is awaited (the next flush, or after the last batch).
    staging.catch(() => undefined);
    result.staged += batch.length;
    batch = [];
    batchPositions = 0;
  };
  for await (const feature of read(progress)) {
    row += 1;
    if (!schema) {
      inference.see(feature.properties);
      // Beyond the limit the file is refused anyway, and naming ever more properties costs more.
      const wide = tooManyProperties(inference.size);
      if (wide) throw wide;
    }
    if (!feature.geometry) {
      skip(msg('exports.import_no_geometry', { row }));
      continue;
    }
    if (!hasNonFiniteCoordinate(feature.geometry)) result.usable += 1;
    const badGeometry = unusableGeometry(feature.geometry, row);
    if (badGeometry) {
      skip(badGeometry);
      continue;
    }
    const types = schema ?? inference.schema();
    const properties = typedProperties(types, feature);
    const tooLong = overLongValue(properties, row) ?? oversizedFeature(feature.geometry, properties, row);
    if (tooLong) {
      skip(tooLong);
      continue;
    }
    if (!schema && result.writtenAs.size < types.length)
      for (const property of types)
        if (!result.writtenAs.has(property.name) && Object.hasOwn(properties, property.name))
          result.writtenAs.set(property.name, property.type);
    const positions = vertexCount(feature.geometry);
    // Flushed before a feature would take the statement past the limit, not after: two lines
    // just under it made one statement of twice the limit, held for seconds on the one connection.
    if (batch.length > 0 && batchPositions + positions > STATEMENT_POSITIONS) await flush();
    batch.push({
      g: stagedGeometry(feature.geometry, positions),
      p: properties,
      // Only the embedded database's batches write it (hidden-layer.ts); on PostgreSQL the trigger does.
      ...(embedded ? { s: importedSearchText(properties) } : {}),
    });
    batchPositions += positions;
    if (batch.length >= BATCH || batchPositions >= STATEMENT_POSITIONS) await flush();
  }
  if (batch.length > 0) await flush();
  await staging;
  // The last batch is written: reported too, which also renews the lease for what comes next.
  await report(progress.fraction);
  return result;
}
