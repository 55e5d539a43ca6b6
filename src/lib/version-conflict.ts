import { isAxiosError } from './http-error';

/** The feature's current version a 409 of restoreFeatureVersion / splitFeature names, if the error is one. */
export function conflictVersionOf(error: unknown): number | undefined {
  if (!isAxiosError(error) || error.response?.status !== 409) return undefined;
  const data: unknown = error.response.data;
  return typeof data === 'object' && data !== null && 'current_version' in data
    ? Number(data.current_version)
    : undefined;
}
