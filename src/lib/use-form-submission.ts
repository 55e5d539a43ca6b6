import { useCallback, useRef, useState } from 'react';
import { isAxiosError } from './http-error';

export type FieldErrors = Record<string, string[]>;

type Submission = {
  /** Per-field messages from the last failed submit (`response.data.errors`). */
  errors: FieldErrors;
  /** A translation key for a failure that belongs to no field (throttled, server down). */
  failure: string | null;
  isSubmitting: boolean;
  submit: (action: () => Promise<void>) => Promise<void>;
};

/**
 * The submit rules of docs/product.md#flows, docs/product.md#errors in one place: a submit while one is in flight is
 * ignored, errors are cleared at the start of each submit, and a 422's
 * `response.data.errors` becomes the per-field messages.
 */
export function useFormSubmission(): Submission {
  const inFlight = useRef(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = useCallback(async (action: () => Promise<void>) => {
    // A ref, not state: two clicks in one frame both see the old state.
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setErrors({});
    setFailure(null);
    try {
      await action();
    } catch (error) {
      const { fieldErrors, failureKey } = describeFailure(error);
      setErrors(fieldErrors);
      setFailure(failureKey);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }, []);

  return { errors, failure, isSubmitting, submit };
}

function describeFailure(error: unknown): { fieldErrors: FieldErrors; failureKey: string | null } {
  if (!isAxiosError(error) || !error.response) return { fieldErrors: {}, failureKey: 'errors.network' };
  const { status, data } = error.response;
  const fieldErrors = readFieldErrors(data);
  if (status === 422 && Object.keys(fieldErrors).length > 0) return { fieldErrors, failureKey: null };
  if (status === 429) return { fieldErrors, failureKey: 'errors.too_many_attempts' };
  if (status === 419) return { fieldErrors, failureKey: 'errors.session_expired' };
  // Busy or its database out of reach: passing, so the same submit will do later.
  if (status === 503) return { fieldErrors, failureKey: 'errors.unavailable' };
  return { fieldErrors, failureKey: 'errors.something_went_wrong' };
}

function readFieldErrors(data: unknown): FieldErrors {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return {};
  const { errors } = data as { errors: unknown };
  if (typeof errors !== 'object' || errors === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') result[field] = [messages];
  }
  return result;
}
