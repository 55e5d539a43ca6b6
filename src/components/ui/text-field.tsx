import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className'> & {
  label: string;
  description?: string;
  placeholder?: string;
};

/**
 * A labelled input. Server messages arrive through the surrounding Form's
 * `validationErrors` (matched by `name`) and show in the FieldError slot.
 */
export function TextField({ label, description, placeholder, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="field">
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error" />
    </AriaTextField>
  );
}
