import { useTranslation } from 'react-i18next';
import { Locale, UserType, type User } from '@generated/model';
import { localeOptions } from '../../components/locale-options';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { EnumSelect } from '../../components/ui/enum-select';
import { Select } from '../../components/ui/select';
import { EmailField } from '../../components/ui/email-field';
import { TextField } from '../../components/ui/text-field';
import { NewPasswordFields } from '../../components/ui/new-password-fields';
import { newPasswordBinding } from '../../components/ui/credential-fields';
import { asLocale, defaultLocale } from '../../lib/i18n';
import { useForm } from '../../lib/use-form';

export type UserFormValues = {
  name: string;
  email: string;
  type: UserType;
  locale: Locale;
  password: string;
  password_confirmation: string;
};

type UserFormProps = {
  label: string;
  user?: User;
  submitLabel: string;
  /** Editing: an empty password keeps the current one. */
  passwordOptional?: boolean;
  onSubmit: (values: UserFormValues) => Promise<void>;
};

export function UserForm({ label, user, submitLabel, passwordOptional = false, onSubmit }: UserFormProps) {
  const { t } = useTranslation();
  const form = useForm<UserFormValues>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    type: user?.type ?? 'user',
    locale: user?.locale ?? defaultLocale,
    password: '',
    password_confirmation: '',
  });
  const { values, setter: set } = form;

  return (
    <Form label={label} form={form} onSubmit={form.onSubmit(onSubmit)}>
      <TextField label={t('fields.name')} isRequired {...form.field('name')} />
      <EmailField {...form.field('email')} />
      <EnumSelect
        label={t('fields.type')}
        name="type"
        isRequired
        values={Object.values(UserType)}
        optionLabel={(type) => t(`users.types.${type}`)}
        value={values.type}
        onChange={set('type')}
      />
      <Select
        label={t('fields.locale')}
        name="locale"
        options={localeOptions(t)}
        value={values.locale}
        onChange={(value) => {
          const locale = asLocale(value);
          if (locale) set('locale')(locale);
        }}
      />
      <NewPasswordFields
        description={passwordOptional ? t('users.password_keep_hint') : undefined}
        isRequired={!passwordOptional}
        {...newPasswordBinding(form)}
      />
      <Button type="submit" isPending={form.isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
