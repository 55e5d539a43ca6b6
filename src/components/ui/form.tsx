import { Form as AriaForm } from 'react-aria-components';
import { FormContents, submitWith, type FormProps } from './plain-form';

export { FormAlert } from './form-alert';

/** A form whose server errors show under the matching fields (by `name`). */
export function Form({ label, onSubmit, ...contents }: FormProps) {
  return (
    // aria, not native: the server is the judge (docs/product.md#validation), so its last messages must not
    // block the next submit. They are not react-aria's validationErrors either: those
    // vanish when the field is edited, and the form shifting under the pointer swallowed
    // the click on submit. They stay until the next submit clears them (docs/product.md#flows).
    <AriaForm aria-label={label} validationBehavior="aria" onSubmit={submitWith(onSubmit)} className="form">
      <FormContents {...contents} />
    </AriaForm>
  );
}
