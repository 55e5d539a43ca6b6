import { useTranslation } from 'react-i18next';
import { emailValidator } from '../../lib/validators';
import { TextField, type TextFieldProps } from './text-field';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'validate' | 'isRequired'>;

/** An account's email address: labelled, required and checked as one, as every form asks it. */
export function EmailField(props: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField label={t('fields.email')} type="email" isRequired validate={emailValidator(t)} {...props} />
  );
}
