import type { FormEvent } from 'react';
import { Form as AriaForm } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { FormProps } from './plain-form';
import { ServerErrorsContext } from './server-errors';

export { FormAlert } from './form-alert';

/** A form whose server errors show under the matching fields (by `name`). */
export function Form({ label, onSubmit, children, ...state }: FormProps) {
  const { t } = useTranslation();
  const { errors, failure } = 'form' in state ? state.form : state;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // aria, not native: the server is the judge (docs/product.md#validation), so its last messages must not
    // block the next submit. They are not react-aria's validationErrors either: those
    // vanish when the field is edited, and the form shifting under the pointer swallowed
    // the click on submit. They stay until the next submit clears them (docs/product.md#flows).
    <AriaForm aria-label={label} validationBehavior="aria" onSubmit={handleSubmit} className="form">
      {failure ? (
        <p role="alert" className="form-failure">
          {t(failure)}
        </p>
      ) : null}
      <ServerErrorsContext.Provider value={errors}>{children}</ServerErrorsContext.Provider>
    </AriaForm>
  );
}
