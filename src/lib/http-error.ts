import type { ErrorType } from './http-client';

/**
 * Recognises the errors the generated calls reject with, without importing axios
 * at runtime (only the mutator talks HTTP).
 */
export function isAxiosError(error: unknown): error is ErrorType<unknown> {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

export function httpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}
