import { useId } from 'react';
import { useServerError } from './server-errors';

export type NativeSelectOption<T extends string = string> = { value: T; label: string };

type NativeSelectProps<T extends string> = {
  label: string;
  /** The field's name in a 422 answer; its message shows under the select. */
  name?: string;
  /** '' while nothing is chosen (the placeholder shows). */
  value: T | '';
  options: readonly NativeSelectOption<T>[];
  onChange: (value: T) => void;
  isDisabled?: boolean;
  /** Shown (and not pickable) while nothing is chosen. */
  placeholder?: string;
  /** A message for this select that no surrounding form carries (a row of a list). */
  error?: string;
};

/**
 * A native select with its label, for short fixed lists that need no search: roles and visibility
 * in dense rows, the print sheet's paper, orientation and scale.
 */
export function NativeSelect<T extends string = string>({
  label,
  name,
  value,
  options,
  onChange,
  isDisabled,
  placeholder,
  error,
}: NativeSelectProps<T>) {
  const id = useId();
  const fromForm = useServerError(name);
  const message = error ?? fromForm;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-input"
        value={value}
        disabled={isDisabled}
        aria-invalid={message !== undefined || undefined}
        aria-describedby={message !== undefined ? `${id}-error` : undefined}
        // Only the options' values can be picked (the placeholder is disabled).
        onChange={(event) => onChange(event.target.value as T)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message !== undefined && (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}
