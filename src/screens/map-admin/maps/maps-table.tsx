import { Can } from '@casl/react';
import { useQueryClient } from '@tanstack/react-query';
import { Cell } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteMap } from '@generated/api/maps/maps';
import type { ListMapsOrderColumn, Map as MapRecord } from '@generated/model';
import { RowActions, SortableTable, type ListSort } from '@/components/admin-list/sortable-table';
import { RowLink } from '@/components/admin-list/row-link';
import { onMap } from '@/lib/ability';
import { DeleteButton } from '@/components/admin-list/delete-button';
import { mapCall } from '../shell/map-call';
import { removeFromLists } from '../shell/map-cache';
import { mapPaths } from '../shell/map-paths';
import { mapChanged } from '@/lib/cache-changes';

export type MapSort = ListSort<ListMapsOrderColumn>;

/** Most recently changed first, like a file browser. */
export const DEFAULT_MAP_SORT: MapSort = { column: 'updated_at', direction: 'desc' };

const SORTABLE: readonly ListMapsOrderColumn[] = ['title', 'layers_count', 'updated_at'];

type MapsTableProps = { maps: MapRecord[]; sort: MapSort; onSortChange: (sort: MapSort) => void };

export function MapsTable({ maps, sort, onSortChange }: MapsTableProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const deleteMap = useDeleteMap();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <SortableTable
      label={t('map_admin.maps.table')}
      columns={SORTABLE}
      rowHeader="title"
      columnLabel={(column) => t(`map_admin.maps.columns.${column}`)}
      actionsLabel={t('map_admin.maps.columns.actions')}
      sort={sort}
      onSortChange={onSortChange}
      items={maps}
      cells={(map) => (
        <>
          <Cell>
            <Link to={mapPaths.viewer(map.id)}>{map.title}</Link>
            {map.description ? <span className="map-description">{map.description}</span> : null}
          </Cell>
          <Cell>{map.layers_count}</Cell>
          <Cell>{dates.format(new Date(map.updated_at))}</Cell>
          <Cell>
            <RowActions>
              <RowLink
                to={mapPaths.viewer(map.id)}
                label={t('map_admin.maps.open_map', { title: map.title })}
              >
                {t('map_admin.maps.open')}
              </RowLink>
              <Can I="update" this={onMap('Map', map.id)}>
                <RowLink
                  to={mapPaths.admin(map.id)}
                  label={t('map_admin.maps.manage_map', { title: map.title })}
                >
                  {t('map_admin.maps.manage')}
                </RowLink>
              </Can>
              <Can I="delete" this={onMap('Map', map.id)}>
                <DeleteButton
                  label={t('map_admin.maps.delete_map', { title: map.title })}
                  doneMessage={t('map_admin.maps.deleted')}
                  onDelete={async () => {
                    await mapCall(() => deleteMap.mutateAsync({ id: map.id }));
                    removeFromLists(queryClient, '/api/maps', map.id);
                    await mapChanged(queryClient, map.id);
                  }}
                />
              </Can>
            </RowActions>
          </Cell>
        </>
      )}
    />
  );
}
