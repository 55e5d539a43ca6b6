import { Can } from '@casl/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMaps } from '@generated/api/maps/maps';
import { LinkButton } from '@/components/ui/link-button';
import { ListSearchField } from '@/components/admin-list/list-search-field';
import { PagedList } from '@/components/admin-list/paged-list';
import { sortedPage } from '@/components/admin-list/sortable-table';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { mapPaths } from '../shell/map-paths';
import { DEFAULT_MAP_SORT, MapsTable, type MapSort } from './maps-table';
import '@/styles/map-admin.css';

/** /dashboard/maps: every signed-in user's way into the maps; admins also manage them here. */
export function MapsListScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<MapSort>(DEFAULT_MAP_SORT);
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const maps = useListMaps(
    { ...sortedPage(page, sort), ...(searchText ? { search: searchText } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );

  return (
    <div className="page">
      <header className="page-header page-header-row">
        <h1>{t('maps.list_title')}</h1>
        <Can I="create" a="Map">
          <LinkButton to={mapPaths.create}>{t('maps.create')}</LinkButton>
        </Can>
      </header>
      <div className="toolbar" role="search">
        <ListSearchField
          label={t('map_admin.maps.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>
      <PagedList list={maps} empty={t('map_admin.maps.empty')} onPageChange={setPage}>
        {(rows) => (
          <MapsTable
            maps={rows}
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setPage(1);
            }}
          />
        )}
      </PagedList>
    </div>
  );
}
