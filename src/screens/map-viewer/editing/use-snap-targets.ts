import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getGetLayerQueryOptions } from '@generated/api/layers/layers';
import type { FeatureCollection, Layer } from '@generated/model';
import { inZoomRange } from '@/map';
import type { GeometrySession } from './use-geometry-editing';

type Extent = [number, number, number, number];

/** Coarse enough that a small pan does not ask again, fine enough to cover the view. */
const bboxOf = (extent: Extent) => extent.map((value) => value.toFixed(4)).join(',');

/**
 * The layers a drawing snaps to: the vector layers the user sees, ticked and drawn at this zoom
 * (a layer below its `min_zoom` is not on screen, so nothing may pull the pointer to it).
 */
export function snapLayers(
  layers: readonly Layer[],
  isVisible: (layer: Layer) => boolean,
  zoom: number,
): Layer[] {
  return layers.filter((layer) => layer.type === 'vector' && isVisible(layer) && inZoomRange(layer, zoom));
}

/**
 * What a geometry being edited may snap to: the whole features of the visible vector layers in
 * the view (getLayer with `include_data` and a bbox, at most 5000 a layer), fetched only while
 * an edit is under way. The tiles cannot serve: they hold the features simplified and cut.
 * The edited feature is left out: its stored shape would pull the new one back.
 */
export function useSnapTargets(
  mapId: number,
  layers: readonly Layer[],
  isVisible: (layer: Layer) => boolean,
  extent: Extent | null,
  zoom: number,
  session: GeometrySession | null,
): FeatureCollection[] {
  const wanted = session && extent ? snapLayers(layers, isVisible, zoom) : [];
  const bbox = extent ? bboxOf(extent) : '';
  const queries = useQueries({
    queries: wanted.map((layer) =>
      getGetLayerQueryOptions(
        mapId,
        layer.id,
        { include_data: true, bbox },
        { query: { placeholderData: keepPreviousData, staleTime: 30_000 } },
      ),
    ),
  });
  const key = queries.map((query, index) => `${wanted[index]?.id}:${query.dataUpdatedAt}`).join(',');
  const skip = session?.kind === 'modify' ? session.featureId : null;
  return useMemo(
    () =>
      queries.flatMap((query) => {
        const collection = query.data?.data.features;
        if (!collection) return [];
        if (skip === null) return [collection];
        return [{ ...collection, features: collection.features.filter((feature) => feature.id !== skip) }];
      }),
    // Recomputed when an answer arrives, not on every render (the map re-reads its targets then).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, skip],
  );
}
