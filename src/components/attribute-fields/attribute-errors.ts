import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from '../../lib/http-error';
import type { FieldErrors } from '../../lib/use-form-submission';
import { attributeProblem, errorsByProperty, type AttributeFieldSpec } from './attribute-field-spec';

/**
 * The messages of a failed save by property name (a 422's `errors`), or `failed` when the
 * answer named no field (the form then says its general failure).
 */
export function attributeErrorsOf(error: unknown): { errors: FieldErrors; failed: boolean } {
  const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
  if (typeof data === 'object' && data !== null && 'errors' in data && typeof data.errors === 'object') {
    const raw = Object.fromEntries(
      Object.entries((data.errors ?? {}) as Record<string, unknown>).map(([field, messages]) => [
        field,
        (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string'),
      ]),
    );
    const errors = errorsByProperty(raw);
    if (Object.keys(errors).length > 0) return { errors, failed: false };
  }
  return { errors: {}, failed: true };
}

/** Checks texts against their fields' schema before the server is asked; messages by name. */
export function useAttributeChecks() {
  const { t } = useTranslation();
  return useCallback(
    (
      specs: readonly AttributeFieldSpec[],
      texts: Readonly<Record<string, string>>,
      nameOf = (spec: AttributeFieldSpec) => spec.name,
    ) => {
      const errors: FieldErrors = {};
      for (const spec of specs) {
        const problem = attributeProblem(spec, texts[spec.name] ?? '');
        if (problem) errors[nameOf(spec)] = [t(`attribute_form.errors.${problem.key}`, problem.values)];
      }
      return errors;
    },
    [t],
  );
}
