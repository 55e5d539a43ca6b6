import { useCallback, useMemo, useState } from 'react';
import type { Layer } from '@generated/model';
import { sortLayers, type LayerViewState } from '@/map';

/** The layer tree's changes on top of the stored layers: visibility, opacity and order. */
export function useLayerViewState(layers: readonly Layer[]) {
  const [changes, setChanges] = useState<Record<number, LayerViewState>>({});
  const [order, setOrder] = useState<number[] | null>(null);
  const drawingOrder = useMemo(() => order ?? sortLayers(layers).map((layer) => layer.id), [order, layers]);

  const change = useCallback((layerId: number, next: LayerViewState) => {
    setChanges((current) => ({ ...current, [layerId]: { ...current[layerId], ...next } }));
  }, []);

  /** `up` draws the layer one step higher (later in the bottom-first order). */
  const move = useCallback(
    (layerId: number, direction: 'up' | 'down') => {
      const ids = [...drawingOrder];
      const index = ids.indexOf(layerId);
      const target = direction === 'up' ? index + 1 : index - 1;
      if (index < 0 || target < 0 || target >= ids.length) return;
      [ids[index], ids[target]] = [ids[target] as number, layerId];
      setOrder(ids);
    },
    [drawingOrder],
  );

  const isVisible = useCallback((layer: Layer) => changes[layer.id]?.visible ?? layer.visible, [changes]);

  /** Bookmarks restore exactly the visible layers they saved. */
  const showOnly = useCallback(
    (visibleIds: readonly number[]) => {
      const wanted = new Set(visibleIds);
      setChanges((current) =>
        Object.fromEntries(
          layers.map((layer) => [layer.id, { ...current[layer.id], visible: wanted.has(layer.id) }]),
        ),
      );
    },
    [layers],
  );

  return { changes, drawingOrder, change, move, isVisible, showOnly };
}
