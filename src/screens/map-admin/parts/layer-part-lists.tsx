import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDeleteFilter, useListFilters } from '@generated/api/filters/filters';
import { useListLayers } from '@generated/api/layers/layers';
import { useDeleteMainSearch, useListMainSearches } from '@generated/api/main-search/main-search';
import { useDeleteSearch, useListSearches } from '@generated/api/searches/searches';
import type { Filter, MainSearch, Search } from '@generated/model';
import { mapChanged } from '@/lib/cache-changes';
import { removeFromLists, useMapId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { PartList } from './part-list';

/** A part that looks through one layer: a search, a main search, a filter. */
type LayerPart = { id: number; layer_id: number };

type LayerPartListConfig<P extends LayerPart> = {
  /** The parts' path under the map, both in the admin (`<section>/create`) and in the API. */
  section: 'search' | 'main-search' | 'filters';
  /** Translation keys: the list's title, its create button and the `<messages>.empty`/`.deleted` texts. */
  title: string;
  create: string;
  messages: string;
  useList: (mapId: number) => { isPending: boolean; isError: boolean; data?: { data: readonly P[] } };
  /** Deletes one part of the map (the mutation's hook, called as a hook). */
  useRemove: () => (mapId: number, partId: number) => Promise<unknown>;
  name: (part: P) => string;
  /** What the part does, after its layer's name in the row. */
  details: (part: P, t: TFunction) => string;
};

export const searchList: LayerPartListConfig<Search> = {
  section: 'search',
  title: 'maps.admin.searches',
  create: 'maps.admin.search_create',
  messages: 'map_admin.searches',
  useList: useListSearches,
  useRemove: () => {
    const remove = useDeleteSearch();
    return (id, searchId) => remove.mutateAsync({ id, searchId });
  },
  name: (search) => search.name,
  details: (search, t) =>
    `${search.fields.join(', ')} · ${t(`map_admin.searches.operators.${search.operator}`)}`,
};

export const mainSearchList: LayerPartListConfig<MainSearch> = {
  section: 'main-search',
  title: 'maps.admin.main_search',
  create: 'maps.admin.main_search_create',
  messages: 'map_admin.main_searches',
  useList: useListMainSearches,
  useRemove: () => {
    const remove = useDeleteMainSearch();
    return (id, searchId) => remove.mutateAsync({ id, searchId });
  },
  name: (entry) => entry.label,
  details: (entry) => `${entry.fields.join(', ')} → ${entry.display_field}`,
};

export const filterList: LayerPartListConfig<Filter> = {
  section: 'filters',
  title: 'maps.admin.filters',
  create: 'maps.admin.filter_create',
  messages: 'map_admin.filters',
  useList: useListFilters,
  useRemove: () => {
    const remove = useDeleteFilter();
    return (id, filterId) => remove.mutateAsync({ id, filterId });
  },
  name: (filter) => filter.name,
  details: (filter, t) => `${filter.property} · ${t(`map_admin.filters.types.${filter.type}`)}`,
};

/** The list screen of one kind of layer part: each row names the part, its layer and what it does. */
export function LayerPartList<P extends LayerPart>({ config }: { config: LayerPartListConfig<P> }) {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const parts = config.useList(mapId);
  const layers = useListLayers(mapId);
  const remove = config.useRemove();
  const layerName = (id: number) => layers.data?.data.find((layer) => layer.id === id)?.name ?? '';
  return (
    <PartList
      title={t(config.title)}
      createLabel={t(config.create)}
      createPath={mapPaths.section(mapId, `${config.section}/create`)}
      emptyMessage={t(`${config.messages}.empty`)}
      deletedMessage={t(`${config.messages}.deleted`)}
      state={parts}
      items={(parts.data?.data ?? []).map((part) => ({
        id: part.id,
        name: config.name(part),
        meta: `${layerName(part.layer_id)} · ${config.details(part, t)}`,
        editPath: mapPaths.section(mapId, `${config.section}/${part.id}/edit`),
      }))}
      onDelete={async (partId) => {
        await mapCall(() => remove(mapId, partId));
        removeFromLists(queryClient, `/api/maps/${mapId}/${config.section}`, partId);
        await mapChanged(queryClient, mapId);
      }}
    />
  );
}
