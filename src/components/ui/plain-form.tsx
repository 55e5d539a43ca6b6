import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../lib/use-form-submission';
import { ServerErrorsContext } from './server-errors';

/** A form's server answer: errors per field and a failure that belongs to none. */
type FormState =
  | {
      errors: FieldErrors;
      /** Translation key of a failure that belongs to no field (from useFormSubmission). */
      failure?: string | null;
    }
  | {
      /** The form's state from useForm: its last submit's errors and failure. */
      form: { errors: FieldErrors; failure: string | null };
    };

export type FormProps = {
  /** Accessible name of the form, e.g. "Sign in". */
  label: string;
  onSubmit: () => void;
  children: ReactNode;
} & FormState;

/** What both forms hold: the failure that belongs to no field, then the fields with their server errors. */
export function FormContents({ children, ...state }: { children: ReactNode } & FormState) {
  const { t } = useTranslation();
  const { errors, failure } = 'form' in state ? state.form : state;
  return (
    <>
      {failure ? (
        <p role="alert" className="form-failure">
          {t(failure)}
        </p>
      ) : null}
      <ServerErrorsContext.Provider value={errors}>{children}</ServerErrorsContext.Provider>
    </>
  );
}

/** A submit handler that leaves the judging to the server: no page load, no browser checks. */
export const submitWith = (onSubmit: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  onSubmit();
};

/**
 * Form without react-aria, for the sign-in screens and their plain fields
 * (docs/architecture.md#first-load): the same markup, and the server is the judge as there, so
 * the browser's own checks never block a submit.
 */
export function PlainForm({ label, onSubmit, ...contents }: FormProps) {
  return (
    <form aria-label={label} noValidate onSubmit={submitWith(onSubmit)} className="form">
      <FormContents {...contents} />
    </form>
  );
}
