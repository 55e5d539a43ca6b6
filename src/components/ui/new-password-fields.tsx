import { useTranslation } from 'react-i18next';
import { PlainTextField } from './plain-text-field';

export type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** Label of the first field; the confirmation is always 'Confirm password'. */
  passwordLabel?: string;
  description?: string;
  isRequired?: boolean;
};

/**
 * A new password and its confirmation, named as the API expects (`password`, `password_confirmation`).
 * Plain fields: registration and password reset show them before sign-in, without react-aria
 * (docs/architecture.md#first-load); inside a signed-in Form they behave as a TextField there.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordLabel,
  description,
  isRequired = true,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  // Both fields take a new password: typed hidden, offered to the password manager as new.
  const newPassword = { type: 'password', autoComplete: 'new-password', isRequired } as const;
  return (
    <>
      <PlainTextField
        {...newPassword}
        label={passwordLabel ?? t('fields.password')}
        description={description}
        name="password"
        value={password}
        onChange={onPasswordChange}
      />
      <PlainTextField
        {...newPassword}
        label={t('fields.password_confirmation')}
        name="password_confirmation"
        value={confirmation}
        onChange={onConfirmationChange}
      />
    </>
  );
}
