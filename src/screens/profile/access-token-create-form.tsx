import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCreateUserToken } from '@generated/api/users/users';
import type { NewUserToken } from '@generated/model';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { useForm } from '../../lib/use-form';
import { tokensChanged } from '../../lib/cache-changes';

/** A date field's day, as the end of that day in UTC: the token still works all of that day. */
function endOfDay(day: string): string | null {
  return day === '' ? null : `${day}T23:59:59Z`;
}

/** Name, read-only or read + write, optional expiry; the answer (with the secret) goes up once. */
export function AccessTokenCreateForm({ onCreated }: { onCreated: (token: NewUserToken) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const createToken = useCreateUserToken();
  const form = useForm({ name: '', write: false, expires: '' });

  const onSubmit = form.onSubmit(async ({ name, write, expires }) => {
    const created = await createToken.mutateAsync({
      data: {
        name: name.trim(),
        abilities: write ? ['read', 'write'] : ['read'],
        expires_at: endOfDay(expires),
      },
    });
    await tokensChanged(queryClient);
    form.reset();
    onCreated(created.data);
  });

  return (
    <Form label={t('access_tokens.create_title')} form={form} onSubmit={onSubmit}>
      <TextField
        label={t('access_tokens.name')}
        description={t('access_tokens.name_help')}
        isRequired
        maxLength={255}
        {...form.field('name')}
      />
      <Checkbox
        label={t('access_tokens.allow_write')}
        isSelected={form.values.write}
        onChange={form.setter('write')}
      />
      <TextField
        label={t('access_tokens.expires')}
        description={t('access_tokens.expires_help')}
        type="date"
        {...form.field('expires', 'expires_at')}
      />
      <Button type="submit" isPending={form.isSubmitting}>
        {t('access_tokens.create')}
      </Button>
    </Form>
  );
}
