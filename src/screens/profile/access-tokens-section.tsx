import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteUserToken, useListUserTokens } from '@generated/api/users/users';
import type { NewUserToken, UserToken } from '@generated/model';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListTable } from '../../components/ui/list-table';
import { showToast } from '../../components/ui/toast';
import { AccessTokenCreateForm } from './access-token-create-form';
import { NewAccessToken } from './new-access-token';
import { tokensChanged } from '../../lib/cache-changes';

function formatDate(value: string | null, locale: string, never: string): string {
  return value === null ? never : new Date(value).toLocaleDateString(locale);
}

/** Personal access tokens for scripts, QGIS and GDAL: list, make (shown once) and revoke. */
export function AccessTokensSection() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useListUserTokens();
  const deleteToken = useDeleteUserToken();
  const [created, setCreated] = useState<NewUserToken | null>(null);
  const [revoking, setRevoking] = useState<UserToken | null>(null);
  const list = tokens.data?.data ?? [];

  const revoke = (token: UserToken) =>
    deleteToken.mutate(
      { tokenId: token.id },
      {
        onSuccess: () => {
          setRevoking(null);
          showToast(t('access_tokens.revoked', { name: token.name }));
          void tokensChanged(queryClient);
        },
        onError: () => {
          setRevoking(null);
          showToast(t('errors.something_went_wrong'), 'error');
        },
      },
    );

  return (
    <>
      <p>{t('access_tokens.intro')}</p>
      {created ? <NewAccessToken token={created} onDone={() => setCreated(null)} /> : null}
      {list.length === 0 ? (
        <p>{tokens.isPending ? t('common.loading') : t('access_tokens.none')}</p>
      ) : (
        <div className="table-scroll">
          <ListTable
            caption={t('access_tokens.list_caption')}
            columns={[
              t('access_tokens.name'),
              t('access_tokens.abilities'),
              t('access_tokens.expires'),
              t('access_tokens.last_used'),
              <span className="visually-hidden">{t('access_tokens.actions')}</span>,
            ]}
          >
            {list.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>
                  {token.abilities.includes('write')
                    ? t('access_tokens.read_write')
                    : t('access_tokens.read_only')}
                </td>
                <td>{formatDate(token.expires_at, i18n.language, t('access_tokens.never'))}</td>
                <td>{formatDate(token.last_used_at, i18n.language, t('access_tokens.never_used'))}</td>
                <td>
                  <Button
                    variant="danger"
                    aria-label={t('access_tokens.revoke_named', { name: token.name })}
                    onPress={() => setRevoking(token)}
                  >
                    {t('access_tokens.revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
      <AccessTokenCreateForm onCreated={setCreated} />
      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('access_tokens.revoke_title')}
        text={t('access_tokens.revoke_text', { name: revoking?.name ?? '' })}
        confirmLabel={t('access_tokens.revoke')}
        isPending={deleteToken.isPending}
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
