import { useId } from 'react';
import { useServerError } from './server-errors';

type FileFieldProps = {
  label: string;
  /** The request field the server names in its errors (e.g. `file`). */
  name: string;
  /** Extensions and MIME types the picker offers, as in the `accept` attribute. */
  accept: string;
  description?: string;
  isDisabled?: boolean;
  onChange: (file: File | null) => void;
};

/** A labelled file picker whose server message (matched by `name`) shows under it. */
export function FileField({ label, name, accept, description, isDisabled, onChange }: FileFieldProps) {
  const id = useId();
  const serverError = useServerError(name);
  const described = [description ? `${id}-description` : '', serverError ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field" data-invalid={serverError !== undefined || undefined}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        type="file"
        name={name}
        accept={accept}
        disabled={isDisabled}
        aria-invalid={serverError !== undefined || undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {description ? (
        <span id={`${id}-description`} className="field-description">
          {description}
        </span>
      ) : null}
      {serverError ? (
        <span id={`${id}-error`} className="field-error">
          {serverError}
        </span>
      ) : null}
    </div>
  );
}
