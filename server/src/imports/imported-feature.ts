import type { Message } from '../i18n/messages.ts';

/** A feature as every reader hands it on: GeoJSON geometry in EPSG:4326 (or null), raw attributes. */
export interface ImportedFeature {
  geometry: { type: string; coordinates?: unknown; geometries?: unknown } | null;
  properties: Record<string, unknown>;
}

/** A reader walks the uploaded file; it is called twice (schema, then insert), so it must re-read. */
export type FeatureReader = () => AsyncIterable<ImportedFeature>;

/** A problem with the file itself: answered 422 naming it, nothing is created. */
export class UnreadableFile extends Error {
  constructor(
    reason: string,
    /** A message of its own instead of "could not be read as ...: reason". */
    readonly problem?: Message,
  ) {
    super(reason);
  }
}
