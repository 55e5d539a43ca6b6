import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../../../generated/api/users/users';
import type { Locale, User } from '../../../generated/model';
import { localeOptions } from '../../components/locale-options';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { showToast } from '../../components/ui/toast';
import { TextField } from '../../components/ui/text-field';
import { asLocale } from '../../lib/i18n';
import { refreshSession } from '../../lib/session';
import { useFormSubmission } from '../../lib/use-form-submission';
import { emailValidator } from '../../lib/validators';

/** Name, email and language of the signed-in user, saved with PUT /api/users/{id}. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [locale, setLocale] = useState<Locale>(user.locale);
  const [currentPassword, setCurrentPassword] = useState('');
  // A new sign-in address needs the current password (the server refuses it otherwise).
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = () =>
    submit(async () => {
      await updateUser.mutateAsync({
        id: user.id,
        data: { name, email, locale, ...(emailChanged ? { current_password: currentPassword } : {}) },
      });
      setCurrentPassword('');
      await refreshSession(queryClient);
      await i18n.changeLanguage(locale);
      showToast(t('profile.saved'));
    });

  return (
    <Form label={t('profile.details_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
      <TextField
        label={t('fields.name')}
        name="name"
        autoComplete="name"
        isRequired
        value={name}
        onChange={setName}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        isRequired
        value={email}
        onChange={setEmail}
        validate={emailValidator(t)}
      />
      {emailChanged && (
        <TextField
          label={t('fields.current_password')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={currentPassword}
          onChange={setCurrentPassword}
        />
      )}
      <Select
        label={t('fields.locale')}
        name="locale"
        options={localeOptions(t)}
        value={locale}
        onChange={(value) => {
          const next = asLocale(value);
          if (next) setLocale(next);
        }}
      />
      <Button type="submit" isPending={isSubmitting}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
