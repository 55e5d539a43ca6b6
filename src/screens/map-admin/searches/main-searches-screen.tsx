import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListLayers } from '@generated/api/layers/layers';
import { useDeleteMainSearch, useListMainSearches } from '@generated/api/main-search/main-search';
import { removeFromLists, useMapId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { PartList } from '../parts/part-list';
import { mapChanged } from '@/lib/cache-changes';

/** main-search: what the viewer's global search box looks through. */
export function MainSearchesScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const mainSearches = useListMainSearches(mapId);
  const layers = useListLayers(mapId);
  const deleteMainSearch = useDeleteMainSearch();
  const layerName = (id: number) => layers.data?.data.find((layer) => layer.id === id)?.name ?? '';
  return (
    <PartList
      title={t('maps.admin.main_search')}
      createLabel={t('maps.admin.main_search_create')}
      createPath={mapPaths.section(mapId, 'main-search/create')}
      emptyMessage={t('map_admin.main_searches.empty')}
      deletedMessage={t('map_admin.main_searches.deleted')}
      state={mainSearches}
      items={(mainSearches.data?.data ?? []).map((entry) => ({
        id: entry.id,
        name: entry.label,
        meta: `${layerName(entry.layer_id)} · ${entry.fields.join(', ')} → ${entry.display_field}`,
        editPath: mapPaths.section(mapId, `main-search/${entry.id}/edit`),
      }))}
      onDelete={async (searchId) => {
        await mapCall(() => deleteMainSearch.mutateAsync({ id: mapId, searchId }));
        removeFromLists(queryClient, `/api/maps/${mapId}/main-search`, searchId);
        await mapChanged(queryClient, mapId);
      }}
    />
  );
}
