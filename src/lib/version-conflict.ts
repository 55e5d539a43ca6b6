import { isAxiosError } from './http-error';

/** The feature's current version a 409 of restoreFeatureVersion / splitFeature names, if the error is one. */
export function conflictVersionOf(error: unknown): number | undefined {
  if (!isAxiosError(error) || error.response?.status !== 409) return undefined;
  const data: unknown = error.response.data;
  return typeof data === 'object' && data !== null && 'current_version' in data
    ? Number(data.current_version)
    : undefined;
}

/** Every message of a 422 `{errors: {field: [msg]}}` answer, or the fallback for anything else. */
export function errorMessagesOf(error: unknown, fallback: string): string[] {
  const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
  if (
    typeof data === 'object' &&
    data !== null &&
    'errors' in data &&
    typeof data.errors === 'object' &&
    data.errors
  ) {
    const messages = Object.values(data.errors as Record<string, unknown>)
      .flat()
      .filter((m): m is string => typeof m === 'string');
    if (messages.length) return messages;
  }
  return [fallback];
}
