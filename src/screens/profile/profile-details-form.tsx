import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '@generated/api/users/users';
import type { Locale, User } from '@generated/model';
import { localeOptions } from '../../components/locale-options';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { showToast } from '../../components/ui/toast';
import { EmailField } from '../../components/ui/email-field';
import { TextField } from '../../components/ui/text-field';
import { currentPasswordField } from '../../components/ui/credential-fields';
import { asLocale } from '../../lib/i18n';
import { refreshSession } from '../../lib/session';
import { useForm } from '../../lib/use-form';

/** Name, email and language of the signed-in user, saved with PUT /api/users/{id}. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const form = useForm<{ name: string; email: string; locale: Locale; current_password: string }>({
    name: user.name,
    email: user.email,
    locale: user.locale,
    current_password: '',
  });
  // A new sign-in address needs the current password (the server refuses it otherwise).
  const emailChanged = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = form.onSubmit(async ({ current_password, ...details }) => {
    await updateUser.mutateAsync({
      id: user.id,
      data: { ...details, ...(emailChanged ? { current_password } : {}) },
    });
    form.set('current_password', '');
    await refreshSession(queryClient);
    await i18n.changeLanguage(details.locale);
    showToast(t('profile.saved'));
  });

  return (
    <Form label={t('profile.details_title')} form={form} onSubmit={onSubmit}>
      <TextField label={t('fields.name')} autoComplete="name" isRequired {...form.field('name')} />
      <EmailField autoComplete="email" {...form.field('email')} />
      {emailChanged && (
        <TextField
          label={t('fields.current_password')}
          {...currentPasswordField}
          {...form.field('current_password')}
        />
      )}
      <Select
        label={t('fields.locale')}
        name="locale"
        options={localeOptions(t)}
        value={form.values.locale}
        onChange={(value) => {
          const next = asLocale(value);
          if (next) form.set('locale', next);
        }}
      />
      <Button type="submit" isPending={form.isSubmitting}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
