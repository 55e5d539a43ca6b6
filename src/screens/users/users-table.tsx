import { Can } from '@casl/react';
import { Cell } from 'react-aria-components';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListUsersOrderColumn, User } from '@generated/model';
import { RowActions, SortableTable } from '../../components/admin-list/sortable-table';
import { RowLink } from '../../components/admin-list/row-link';
import { paths } from '../../lib/paths';
import { DeleteUserButton } from './delete-user-button';
import type { UserSort } from './user-sort';

type UsersTableProps = { users: User[]; sort: UserSort; onSortChange: (sort: UserSort) => void };

const SORTABLE: readonly ListUsersOrderColumn[] = ['id', 'name', 'email', 'type', 'created_at'];

/**
 * Memoised: a grid of a page of users is the screen's costliest part to render, and the screen
 * re-renders on every key typed into its search boxes and on every change of the list query's
 * state (fetching, placeholder). Those change none of these props, so the grid is left alone
 * until the users shown or the sort change.
 */
export const UsersTable = memo(function UsersTable({ users, sort, onSortChange }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }),
    [i18n.language],
  );

  return (
    <SortableTable
      label={t('users.table_label')}
      columns={SORTABLE}
      rowHeader="name"
      columnLabel={(column) => t(`users.columns.${column}`)}
      actionsLabel={t('users.columns.actions')}
      sort={sort}
      onSortChange={onSortChange}
      items={users}
      cells={(user) => (
        <>
          <Cell>{user.id}</Cell>
          <Cell>{user.name}</Cell>
          <Cell>{user.email}</Cell>
          <Cell>{t(`users.types.${user.type}`)}</Cell>
          <Cell>{dates.format(new Date(user.created_at))}</Cell>
          <Cell>
            <RowActions>
              <Can I="update" a="User">
                <RowLink to={paths.usersEdit(user.id)} label={t('users.edit_user', { name: user.name })}>
                  {t('common.edit')}
                </RowLink>
              </Can>
              <Can I="delete" a="User">
                <DeleteUserButton user={user} />
              </Can>
            </RowActions>
          </Cell>
        </>
      )}
    />
  );
});
