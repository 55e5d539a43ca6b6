import { useTranslation } from 'react-i18next';
import { emailValidator } from '../../lib/validators';
import { PlainTextField, type PlainTextFieldProps } from './plain-text-field';

type PlainEmailFieldProps = Omit<PlainTextFieldProps, 'label' | 'type' | 'validate' | 'isRequired'>;

/** EmailField's rules (labelled, required, checked as an address) on the plain field of the sign-in screens. */
export function PlainEmailField(props: PlainEmailFieldProps) {
  const { t } = useTranslation();
  return (
    <PlainTextField
      label={t('fields.email')}
      type="email"
      isRequired
      validate={emailValidator(t)}
      {...props}
    />
  );
}
