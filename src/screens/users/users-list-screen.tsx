import { Can } from '@casl/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListUsers } from '@generated/api/users/users';
import { LinkButton } from '../../components/ui/link-button';
import { ListSearchField } from '../../components/admin-list/list-search-field';
import { PagedList } from '../../components/admin-list/paged-list';
import { sortedPage } from '../../components/admin-list/sortable-table';
import { paths } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { groupPaths } from './groups/group-paths';
import { DEFAULT_USER_SORT, type UserSort } from './user-sort';
import { UsersTable } from './users-table';

export function UsersListScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const [title, setTitle] = useState('');
  const [global, setGlobal] = useState('');
  const searchTitle = useDebouncedValue(title.trim());
  const searchGlobal = useDebouncedValue(global.trim());

  const users = useListUsers(
    {
      ...sortedPage(page, sort),
      ...(searchTitle ? { search_title: searchTitle } : {}),
      ...(searchGlobal ? { search_global: searchGlobal } : {}),
    },
    { query: { placeholderData: keepPreviousData } },
  );

  useEffect(() => {
    // docs/product.md#errors: a failed list is only logged; the screen says it could not load.
    if (users.error) console.error('Loading users failed', users.error);
  }, [users.error]);

  const changeSort = useCallback((next: UserSort) => {
    setSort(next);
    setPage(1);
  }, []);

  const changeSearch = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setPage(1);
  };

  return (
    <div className="page">
      <header className="page-header page-header-row">
        <h1>{t('users.title')}</h1>
        <span className="table-actions">
          <Can I="manage" a="Group">
            <LinkButton variant="secondary" to={groupPaths.list}>
              {t('groups.title')}
            </LinkButton>
          </Can>
          <Can I="create" a="User">
            <LinkButton to={paths.usersCreate}>{t('users.create_button')}</LinkButton>
          </Can>
        </span>
      </header>
      <div className="toolbar" role="search">
        <ListSearchField label={t('users.search_title')} value={title} onChange={changeSearch(setTitle)} />
        <ListSearchField label={t('users.search_global')} value={global} onChange={changeSearch(setGlobal)} />
      </div>
      <PagedList list={users} empty={t('users.empty')} onPageChange={setPage}>
        {(rows) => <UsersTable users={rows} sort={sort} onSortChange={changeSort} />}
      </PagedList>
    </div>
  );
}
