import type { Message } from '../i18n/messages.ts';

/** A feature as every reader hands it on: GeoJSON geometry in EPSG:4326 (or null), raw attributes. */
export interface ImportedFeature {
  geometry: { type: string; coordinates?: unknown; geometries?: unknown } | null;
  properties: Record<string, unknown>;
}

/** How far a reader is through its file, from 0 to 1, as it last said. */
export interface ReadProgress {
  fraction: number;
}

/**
 * A reader walks the uploaded file, and says how far it is in `progress` as it goes. It may be
 * called again (an import whose types changed under it reads the file a second time), so it
 * must re-read.
 */
export type FeatureReader = (progress?: ReadProgress) => AsyncIterable<ImportedFeature>;

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
