import type { FormState } from '../../lib/use-form';
import type { NewPasswordFieldsProps } from './new-password-fields';

/**
 * What makes a text field (TextField or PlainTextField) ask for the password the user has now:
 * masked, offered by password managers as the saved one, and required.
 */
export const currentPasswordField = {
  type: 'password',
  autoComplete: 'current-password',
  isRequired: true,
} as const;

/** An authenticator app's code: offered by the browser from the app or a message, typed on a digit keypad. */
export const oneTimeCodeField = { autoComplete: 'one-time-code', inputMode: 'numeric' } as const;

type NewPasswordValues = { password: string; password_confirmation: string };

/** NewPasswordFields bound to a form's `password` and `password_confirmation`, as the API names them. */
export function newPasswordBinding<V extends NewPasswordValues>(
  form: Pick<FormState<V>, 'values' | 'set'>,
): Pick<NewPasswordFieldsProps, 'password' | 'confirmation' | 'onPasswordChange' | 'onConfirmationChange'> {
  return {
    password: form.values.password,
    confirmation: form.values.password_confirmation,
    onPasswordChange: (value) => form.set('password', value as V['password']),
    onConfirmationChange: (value) => form.set('password_confirmation', value as V['password_confirmation']),
  };
}
