import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUserToken } from '../../../generated/api/users/users';
import type { NewUserToken } from '../../../generated/model';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Form } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { useFormSubmission } from '../../lib/use-form-submission';
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
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [expires, setExpires] = useState('');

  const onSubmit = () =>
    submit(async () => {
      const created = await createToken.mutateAsync({
        data: {
          name: name.trim(),
          abilities: write ? ['read', 'write'] : ['read'],
          expires_at: endOfDay(expires),
        },
      });
      await tokensChanged(queryClient);
      setName('');
      setWrite(false);
      setExpires('');
      onCreated(created.data);
    });

  return (
    <Form label={t('access_tokens.create_title')} errors={errors} failure={failure} onSubmit={onSubmit}>
      <TextField
        label={t('access_tokens.name')}
        description={t('access_tokens.name_help')}
        name="name"
        isRequired
        maxLength={255}
        value={name}
        onChange={setName}
      />
      <Checkbox label={t('access_tokens.allow_write')} isSelected={write} onChange={setWrite} />
      <TextField
        label={t('access_tokens.expires')}
        description={t('access_tokens.expires_help')}
        name="expires_at"
        type="date"
        value={expires}
        onChange={setExpires}
      />
      <Button type="submit" isPending={isSubmitting}>
        {t('access_tokens.create')}
      </Button>
    </Form>
  );
}
