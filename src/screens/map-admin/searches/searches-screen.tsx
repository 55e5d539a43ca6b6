import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListLayers } from '@generated/api/layers/layers';
import { useDeleteSearch, useListSearches } from '@generated/api/searches/searches';
import { removeFromLists, useMapId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { PartList } from '../parts/part-list';
import { mapChanged } from '@/lib/cache-changes';

/** searches: the saved form searches of the map. */
export function SearchesScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const searches = useListSearches(mapId);
  const layers = useListLayers(mapId);
  const deleteSearch = useDeleteSearch();
  const layerName = (id: number) => layers.data?.data.find((layer) => layer.id === id)?.name ?? '';
  return (
    <PartList
      title={t('maps.admin.searches')}
      createLabel={t('maps.admin.search_create')}
      createPath={mapPaths.section(mapId, 'search/create')}
      emptyMessage={t('map_admin.searches.empty')}
      deletedMessage={t('map_admin.searches.deleted')}
      state={searches}
      items={(searches.data?.data ?? []).map((search) => ({
        id: search.id,
        name: search.name,
        meta: `${layerName(search.layer_id)} · ${search.fields.join(', ')} · ${t(`map_admin.searches.operators.${search.operator}`)}`,
        editPath: mapPaths.section(mapId, `search/${search.id}/edit`),
      }))}
      onDelete={async (searchId) => {
        await mapCall(() => deleteSearch.mutateAsync({ id: mapId, searchId }));
        removeFromLists(queryClient, `/api/maps/${mapId}/search`, searchId);
        await mapChanged(queryClient, mapId);
      }}
    />
  );
}
