import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteGroup, useListGroups } from '@generated/api/groups/groups';
import type { Group } from '@generated/model';
import { DeleteButton } from '@/components/admin-list/delete-button';
import { RowLink } from '@/components/admin-list/row-link';
import { LinkButton } from '@/components/ui/link-button';
import { ListTable } from '@/components/ui/list-table';
import { QueryList } from '@/components/ui/query-list';
import { groupPaths } from './group-paths';
import { groupChanged } from '@/lib/cache-changes';

/** /users/groups: every group with its member count; admins make, edit and delete them. */
export function GroupsListScreen() {
  const { t } = useTranslation();
  const groups = useListGroups();
  return (
    <div className="page">
      <header className="page-header page-header-row">
        <h1>{t('groups.title')}</h1>
        <LinkButton to={groupPaths.create}>{t('groups.create')}</LinkButton>
      </header>
      <p>
        <Link to="/users">{t('groups.back_to_users')}</Link>
      </p>
      <QueryList query={groups} empty={t('groups.empty')}>
        {(rows) => (
          <ListTable
            caption={t('groups.title')}
            columns={[
              t('groups.columns.name'),
              t('groups.columns.description'),
              t('groups.columns.members'),
              t('groups.columns.actions'),
            ]}
          >
            {rows.map((group) => (
              <tr key={group.id}>
                <th scope="row">{group.name}</th>
                <td>{group.description ?? ''}</td>
                <td>{group.members_count}</td>
                <td>
                  <span className="table-actions">
                    <RowLink
                      to={groupPaths.edit(group.id)}
                      label={t('groups.edit_named', { name: group.name })}
                    >
                      {t('common.edit')}
                    </RowLink>
                    <DeleteGroupButton group={group} />
                  </span>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </QueryList>
    </div>
  );
}

function DeleteGroupButton({ group }: { group: Group }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useDeleteGroup();
  return (
    <DeleteButton
      label={t('groups.delete_named', { name: group.name })}
      doneMessage={t('groups.deleted')}
      confirm={{
        title: t('groups.delete_title', { name: group.name }),
        text: t('groups.delete_text'),
        label: t('common.delete'),
      }}
      onDelete={async () => {
        await remove.mutateAsync({ id: group.id });
        await groupChanged(queryClient);
      }}
    />
  );
}
