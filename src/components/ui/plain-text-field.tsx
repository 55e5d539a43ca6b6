import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { useServerError } from './server-errors';

export type PlainTextFieldProps = {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  description?: string;
  placeholder?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  isRequired?: boolean;
  autoFocus?: boolean;
  /** A message while the value is wrong (checked as it is typed), or null. */
  validate?: (value: string) => string | null;
};

/**
 * TextField's look and accessible wiring without react-aria, for the sign-in screens, which a
 * guest's first load carries (docs/architecture.md#first-load): the label names the input, the
 * description and the message (the server's from the surrounding form, else `validate`'s) describe
 * it, and it is marked invalid and required as TextField marks it inside Form.
 */
export function PlainTextField({
  label,
  description,
  validate,
  isRequired,
  onChange,
  ...input
}: PlainTextFieldProps) {
  const id = useId();
  const serverError = useServerError(input.name);
  const error = serverError ?? validate?.(input.value) ?? undefined;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={error ? true : undefined} data-required={isRequired || undefined}>
      <label className="field-label" id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="field-input"
        onChange={(event) => onChange(event.target.value)}
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {description ? (
        <span id={descriptionId} className="field-description">
          {description}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
