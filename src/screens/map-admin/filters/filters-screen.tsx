import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDeleteFilter, useListFilters } from '@generated/api/filters/filters';
import { useListLayers } from '@generated/api/layers/layers';
import { removeFromLists, useMapId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { PartList } from '../parts/part-list';
import { mapChanged } from '@/lib/cache-changes';

/** filters: the controls the viewer's filter panel offers. */
export function FiltersScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const filters = useListFilters(mapId);
  const layers = useListLayers(mapId);
  const deleteFilter = useDeleteFilter();
  const layerName = (id: number) => layers.data?.data.find((layer) => layer.id === id)?.name ?? '';
  return (
    <PartList
      title={t('maps.admin.filters')}
      createLabel={t('maps.admin.filter_create')}
      createPath={mapPaths.section(mapId, 'filters/create')}
      emptyMessage={t('map_admin.filters.empty')}
      deletedMessage={t('map_admin.filters.deleted')}
      state={filters}
      items={(filters.data?.data ?? []).map((filter) => ({
        id: filter.id,
        name: filter.name,
        meta: `${layerName(filter.layer_id)} · ${filter.property} · ${t(`map_admin.filters.types.${filter.type}`)}`,
        editPath: mapPaths.section(mapId, `filters/${filter.id}/edit`),
      }))}
      onDelete={async (filterId) => {
        await mapCall(() => deleteFilter.mutateAsync({ id: mapId, filterId }));
        removeFromLists(queryClient, `/api/maps/${mapId}/filters`, filterId);
        await mapChanged(queryClient, mapId);
      }}
    />
  );
}
