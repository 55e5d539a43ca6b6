import { useGetLayerPropertyValues } from '@generated/api/layers/layers';
import type { PropertyValues } from '@generated/model';

/** The stored layer whose data a style may be classified from (absent while creating one). */
export type StyleSource = { mapId: number; layerId: number };

const MAX_VALUES = 100;

/**
 * "Classify from data": asks the server, when pressed, what `property` holds in the layer
 * (its most frequent values and its numeric range). Null when there is nothing to ask about.
 */
export function usePropertyValues(
  source: StyleSource | undefined,
  property: string | null,
): { read: (() => Promise<PropertyValues | null>) | null; isFetching: boolean; failed: boolean } {
  const query = useGetLayerPropertyValues(
    source?.mapId ?? 0,
    source?.layerId ?? 0,
    { property: property ?? '', limit: MAX_VALUES },
    // Only on demand: the editor should not scan a big layer on every keystroke.
    { query: { enabled: false } },
  );
  return {
    read:
      source && property
        ? async () => {
            const result = await query.refetch();
            return result.data?.data ?? null;
          }
        : null,
    isFetching: query.isFetching,
    failed: query.isError,
  };
}
