import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../lib/use-form-submission';
import { ServerErrorsContext } from './server-errors';

export type FormProps = {
  /** Accessible name of the form, e.g. "Sign in". */
  label: string;
  onSubmit: () => void;
  children: ReactNode;
} & (
  | {
      errors: FieldErrors;
      /** Translation key of a failure that belongs to no field (from useFormSubmission). */
      failure?: string | null;
    }
  | {
      /** The form's state from useForm: its last submit's errors and failure. */
      form: { errors: FieldErrors; failure: string | null };
    }
);

/**
 * Form without react-aria, for the sign-in screens and their plain fields
 * (docs/architecture.md#first-load): the same markup, and the server is the judge as there, so
 * the browser's own checks never block a submit.
 */
export function PlainForm({ label, onSubmit, children, ...state }: FormProps) {
  const { t } = useTranslation();
  const { errors, failure } = 'form' in state ? state.form : state;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form aria-label={label} noValidate onSubmit={handleSubmit} className="form">
      {failure ? (
        <p role="alert" className="form-failure">
          {t(failure)}
        </p>
      ) : null}
      <ServerErrorsContext.Provider value={errors}>{children}</ServerErrorsContext.Provider>
    </form>
  );
}
