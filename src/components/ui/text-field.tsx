import type { ReactNode } from 'react';
import {
  Input,
  Label,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldMessages } from './field-messages';
import { useServerError } from './server-errors';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className'> & {
  label: ReactNode;
  description?: string;
  placeholder?: string;
};

/**
 * A labelled input. Server messages come from the surrounding Form (matched by
 * `name`) and show in the FieldError slot; otherwise its own validation does.
 */
export function TextField({ label, description, placeholder, ...props }: TextFieldProps) {
  const serverError = useServerError(props.name);
  return (
    <AriaTextField {...props} isInvalid={serverError !== undefined || props.isInvalid} className="field">
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={placeholder} />
      <FieldMessages description={description} serverError={serverError} />
    </AriaTextField>
  );
}
