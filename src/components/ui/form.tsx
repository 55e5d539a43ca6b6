import type { FormEvent, ReactNode } from 'react';
import { Form as AriaForm } from 'react-aria-components';
import type { FieldErrors } from '../../lib/use-form-submission';

type FormProps = {
  /** Accessible name of the form, e.g. "Sign in". */
  label: string;
  errors: FieldErrors;
  /** A message for a failure that belongs to no field. */
  failure?: string | null;
  onSubmit: () => void;
  children: ReactNode;
};

/** A form whose server errors show under the matching fields (by `name`). */
export function Form({ label, errors, failure, onSubmit, children }: FormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // aria, not native: the server is the judge (SPEC §5), so its last messages must not
    // block the next submit, which clears them.
    <AriaForm
      aria-label={label}
      validationErrors={errors}
      validationBehavior="aria"
      onSubmit={handleSubmit}
      className="form"
    >
      {failure ? (
        <p role="alert" className="form-failure">
          {failure}
        </p>
      ) : null}
      {children}
    </AriaForm>
  );
}
