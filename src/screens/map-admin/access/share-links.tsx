import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateShareLink, useDeleteShareLink, useListShareLinks } from '@generated/api/access/access';
import type { NewShareLinkResourceData } from '@generated/model';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Form } from '@/components/ui/form';
import { QueryList } from '@/components/ui/query-list';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { DeleteButton } from '@/components/admin-list/delete-button';
import { mapCall } from '../shell/map-call';
import { embedSnippet, embedUrl, shareSecretOf } from './embed-snippet';
import { accessChanged } from '@/lib/cache-changes';

/** Links that open this map read-only without an account: made, shown once, revoked. */
export function ShareLinks({ mapId }: { mapId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const links = useListShareLinks(mapId);
  const create = useCreateShareLink();
  const revoke = useDeleteShareLink();
  const form = useForm({ label: '', expires: '' });
  const [made, setMade] = useState<NewShareLinkResourceData | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const refresh = () => accessChanged(queryClient, mapId);

  const make = form.onSubmit(async ({ label, expires }) => {
    setMade(null);
    // The chosen day ends the link at the end of that day, in the user's own time.
    const expires_at = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
    const answer = await mapCall(() =>
      create.mutateAsync({ id: mapId, data: { label: label.trim(), role: 'viewer', expires_at } }),
    );
    setMade(answer.data);
    form.reset();
    await refresh();
  });

  const secret = made ? shareSecretOf(made.url) : null;
  return (
    <section aria-labelledby="share-links-title" className="access-section">
      <h3 id="share-links-title">{t('access.links.title')}</h3>
      <p className="field-description">{t('access.links.hint')}</p>
      <Form label={t('access.links.form')} form={form} onSubmit={make}>
        <TextField label={t('access.links.label')} {...form.field('label')} />
        <TextField
          label={t('access.links.expires')}
          type="date"
          {...form.field('expires', 'expires_at')}
          description={t('access.links.expires_hint')}
        />
        <Button type="submit" isDisabled={form.isSubmitting}>
          {t('access.links.create')}
        </Button>
      </Form>
      {made && (
        <div className="access-new-link" role="region" aria-label={t('access.links.new')}>
          <p>{t('access.links.shown_once')}</p>
          <CopyField label={t('access.links.url')} value={made.url} />
          {secret && (
            <CopyField
              label={t('access.links.embed')}
              multiline
              value={embedSnippet(embedUrl(mapId, made.url, secret), t('access.links.embed_title'))}
            />
          )}
        </div>
      )}
      <QueryList query={links} empty={t('access.links.empty')}>
        {(rows) => (
          <ul className="access-rows" aria-label={t('access.links.list')}>
            {rows.map((link) => {
              const name = link.label || t('access.links.unnamed');
              return (
                <li key={link.id} className="access-row">
                  <span className="access-row-name">{name}</span>
                  <span className="item-meta">
                    {link.expires_at
                      ? t('access.links.expires_on', { date: dates.format(new Date(link.expires_at)) })
                      : t('access.links.never_expires')}
                  </span>
                  <DeleteButton
                    label={t('access.links.revoke', { name })}
                    doneMessage={t('access.links.revoked')}
                    onDelete={async () => {
                      await mapCall(() => revoke.mutateAsync({ id: mapId, linkId: link.id }));
                      if (made?.id === link.id) setMade(null);
                      await refresh();
                    }}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </QueryList>
    </section>
  );
}
