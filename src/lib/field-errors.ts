import { isAxiosError } from './http-error';

/** Every message of a 422 `{errors: {field: [msg]}}` answer, or the fallback for anything else. */
export function fieldErrorsOf(error: unknown, fallback: string): string[] {
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
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
  }
  return [fallback];
}
