import { isAxiosError } from '@/lib/http-error';
import { useMapErrorsStore, type MapErrors } from '@/stores/map-errors-store';

function errorsOf(error: unknown): MapErrors {
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
    if (typeof data === 'object' && data !== null) {
      const { errors, message } = data as { errors?: unknown; message?: unknown };
      if (typeof errors === 'object' && errors !== null) return errors as Record<string, string[]>;
      if (typeof message === 'string') return { message };
    }
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs one map-area call the docs/product.md#errors way: the shared errors state is cleared before
 * it and holds the failure after it. The error is rethrown so forms still show it
 * under their fields.
 */
export async function mapCall<T>(call: () => Promise<T>): Promise<T> {
  const store = useMapErrorsStore.getState();
  store.clear();
  try {
    return await call();
  } catch (error) {
    store.record(errorsOf(error));
    throw error;
  }
}
