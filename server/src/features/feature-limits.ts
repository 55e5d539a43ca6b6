/**
 * How big one feature may be, and how much one answer may carry. A line of a million vertices
 * (22 MB) took 54 s to import and then 8 to 15 s per read; the embedded database has one
 * connection, so every other client waited as long. The limits keep each statement short.
 *
 * Set once per process from the configuration (FEATURE_MAX_VERTICES, FEATURE_MAX_BYTES,
 * ANSWER_MAX_BYTES) when the app is built; imports check in the same process.
 */
export interface FeatureLimits {
  /** The most positions one feature's geometry may have, on every write path and import. */
  vertices: number;
  /** The most bytes one feature's geometry and values may take, as UTF-8 JSON. */
  bytes: number;
  /**
   * Roughly how many bytes of stored features one answer reads before it stops adding rows
   * (the first row is always there): pages, `include_data`, OGC items, a feature's history.
   */
  answerBytes: number;
}

export const DEFAULT_FEATURE_LIMITS: FeatureLimits = {
  vertices: 100_000,
  bytes: 4 * 1024 * 1024,
  // Two features at the size limits (1.6 MB stored each), or 5,000 points with a few values.
  answerBytes: 2 * 1024 * 1024,
};

let current: FeatureLimits = DEFAULT_FEATURE_LIMITS;

export const featureLimits = (): FeatureLimits => current;

export function setFeatureLimits(limits: FeatureLimits): void {
  current = limits;
}

/** The UTF-8 length of a value as JSON (what it takes in a request, a file or an answer). */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
