import { isAxiosError } from './http-error';

/** The feature's current version a 409 of restoreFeatureVersion / splitFeature names, if the error is one. */
export function conflictVersionOf(error: unknown): number | undefined {
  if (!isAxiosError(error) || error.response?.status !== 409) return undefined;
  const data: unknown = error.response.data;
  return typeof data === 'object' && data !== null && 'current_version' in data
    ? Number(data.current_version)
    : undefined;
}

export type EditConflict = { current_version: number; feature_id: number; changed: string[] };

/** A 409 of updateFeatures: an edit made from a stale version, with what changed meanwhile. */
export function editConflictOf(error: unknown): EditConflict | undefined {
  if (!isAxiosError(error) || error.response?.status !== 409) return undefined;
  const data: unknown = error.response.data;
  if (typeof data !== 'object' || data === null || !('changed' in data) || !Array.isArray(data.changed))
    return undefined;
  const answer = data as Partial<EditConflict>;
  return {
    current_version: Number(answer.current_version),
    feature_id: Number(answer.feature_id),
    changed: (answer.changed ?? []).map(String),
  };
}
