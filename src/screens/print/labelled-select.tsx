import { useId } from 'react';

type Option<T extends string> = { value: T; label: string };

type LabelledSelectProps<T extends string> = {
  label: string;
  value: T | '';
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  placeholder?: string;
};

/** A native select with its label: short fixed lists (paper, orientation, scale) need no search. */
export function LabelledSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
}: LabelledSelectProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
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
    </div>
  );
}
