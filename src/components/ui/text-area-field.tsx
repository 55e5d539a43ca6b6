import {
  FieldError,
  Label,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { useServerError } from './server-errors';

type TextAreaFieldProps = Omit<AriaTextFieldProps, 'className'> & { label: string; rows?: number };

/** A labelled multi-line input; server messages show under it like TextField's. */
export function TextAreaField({ label, rows = 3, ...props }: TextAreaFieldProps) {
  const serverError = useServerError(props.name);
  return (
    <AriaTextField {...props} isInvalid={serverError !== undefined || props.isInvalid} className="field">
      <Label className="field-label">{label}</Label>
      <TextArea className="field-input" rows={rows} />
      <FieldError className="field-error">{serverError}</FieldError>
    </AriaTextField>
  );
}
