import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getListMapAccessLogQueryKey, getListShareLinksQueryKey } from '../../generated/api/access/access';
import { getAggregateLayerQueryKey, getListWidgetsQueryKey } from '../../generated/api/dashboards/dashboards';
import {
  getGetFeatureHistoryQueryKey,
  getListDeletedFeaturesQueryKey,
  getListLayerFeaturesQueryKey,
} from '../../generated/api/features/features';
import { getGetGroupQueryKey, getListGroupsQueryKey } from '../../generated/api/groups/groups';
import { getGetLayerQueryKey } from '../../generated/api/layers/layers';
import { getSearchMainFeaturesQueryKey } from '../../generated/api/main-search/main-search';
import { getListMapsQueryKey, getShowMapQueryKey } from '../../generated/api/maps/maps';
import {
  getGetUserQueryKey,
  getListUsersQueryKey,
  getListUserTokensQueryKey,
} from '../../generated/api/users/users';
import { useLayerRevisionsStore } from '../stores/layer-revisions-store';

/**
 * What each change makes stale, in one place, built from the generated query keys: screens say
 * what changed (a feature, a map, its access, a user…) and this module knows which cached
 * answers show it. No screen invalidates a query of its own (lint holds that).
 */

const refresh = (queryClient: QueryClient, ...keys: readonly (readonly unknown[])[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);

/** Every cached answer under a generated key's address, whatever its parameters or question. */
const under = (key: readonly unknown[]) => [key[0]];

export type FeatureChange = {
  /** The layer whose drawing or rows changed. */
  layerId?: number;
  /** The feature whose history changed. */
  featureId?: number;
  /** Features whose histories changed together (a bulk edit's selection). */
  featureIds?: readonly number[];
};

/**
 * "Features changed": after any write to features (properties, geometry, a new one, a delete, a
 * restore, a split, files, a bulk edit) it refreshes what shows them (their histories; every
 * cached read of the layer's features: its table pages, a clicked feature's panel, features
 * named by id; the layer itself, its deleted features, its dashboard aggregations; the map's
 * search box answers) and bumps the layer's revision, which every mounted map (2D, /map2, 3D)
 * follows to draw it again. A read of a layer's features that is not the table's own call files
 * its answer under the layer's features key with a suffix, so it is refreshed here too.
 */
export function useFeatureChange(mapId: number) {
  const queryClient = useQueryClient();
  const bump = useLayerRevisionsStore((state) => state.bump);
  return useCallback(
    async ({ layerId, featureId, featureIds = [] }: FeatureChange) => {
      const changed = featureId === undefined ? featureIds : [featureId, ...featureIds];
      const keys: (readonly unknown[])[] = changed.map((id) => getGetFeatureHistoryQueryKey(mapId, id));
      if (layerId !== undefined) {
        bump(mapId, layerId);
        keys.push(
          under(getListLayerFeaturesQueryKey(mapId, layerId)),
          getGetLayerQueryKey(mapId, layerId),
          getListDeletedFeaturesQueryKey(mapId, layerId),
          under(getAggregateLayerQueryKey(mapId, layerId)),
          under(getSearchMainFeaturesQueryKey(mapId)),
        );
      }
      await refresh(queryClient, ...keys);
    },
    [bump, mapId, queryClient],
  );
}

const pathOf = (key: readonly unknown[]) => (typeof key[0] === 'string' ? key[0] : '');

/**
 * "A map changed" (its settings, layers, searches, filters, categories, network): everything
 * read about it is stale — its parts, the viewer's `show`, the maps list (layer counts) and the
 * categories.
 */
export function mapChanged(queryClient: QueryClient, mapId: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = pathOf(query.queryKey);
      return (
        path === '/api/maps' ||
        path.startsWith(`/api/maps/${mapId}/`) ||
        path === `/api/maps/${mapId}` ||
        path.startsWith('/api/layer-categories')
      );
    },
  });
}

/** A map was made: the maps list. */
export const mapCreated = (queryClient: QueryClient) => refresh(queryClient, getListMapsQueryKey());

/**
 * A map's bookmarks changed. They come inside the viewer's `show` of the map, which stays as it
 * is on screen (the panel holds the new list) and is read again on the next visit.
 */
export const bookmarksChanged = (queryClient: QueryClient, mapId: number) =>
  queryClient.invalidateQueries({ queryKey: getShowMapQueryKey(mapId), refetchType: 'none' });

/** A map's dashboard widgets changed. */
export const widgetsChanged = (queryClient: QueryClient, mapId: number) =>
  refresh(queryClient, getListWidgetsQueryKey(mapId));

/** Who may see a map changed (its access or its share links): both lists and the access log. */
export const accessChanged = (queryClient: QueryClient, mapId: number) =>
  refresh(queryClient, getListShareLinksQueryKey(mapId), getListMapAccessLogQueryKey(mapId));

/** An account was made, changed or deleted: the users list, and that account when known. */
export const userChanged = (queryClient: QueryClient, userId?: number) =>
  refresh(queryClient, getListUsersQueryKey(), ...(userId === undefined ? [] : [getGetUserQueryKey(userId)]));

/** A group was made, changed, deleted or given members: the groups list, and that group when known. */
export const groupChanged = (queryClient: QueryClient, groupId?: number) =>
  refresh(
    queryClient,
    getListGroupsQueryKey(),
    ...(groupId === undefined ? [] : [getGetGroupQueryKey(groupId)]),
  );

/** The signed-in account's personal access tokens changed. */
export const tokensChanged = (queryClient: QueryClient) => refresh(queryClient, getListUserTokensQueryKey());
