import { useState } from 'react';
import { useFilterFeatures } from '@generated/api/features/features';
import type { Feature } from '@generated/model';
import type { Selection } from '@/components/dashboard/widget-data';
import { asOfParams } from '@/lib/as-of';
import type { Timed } from '@/lib/time-query';
import { withTimeRange } from '../time/time-range';

/**
 * A click on a widget's bar or slice: the group chosen, and the features in it (within the
 * viewer's time range and at its moment) handed to `onFeatures`, or null once cleared. The
 * viewer's panel and the full-window dashboard both highlight them.
 */
export function useWidgetSelection(
  mapId: number,
  layers: readonly Timed[],
  datetime: string | null,
  asOf: string | null,
  onFeatures: (features: Feature[] | null) => void,
) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const matches = useFilterFeatures();
  const select = (next: Selection | null) => {
    setSelection(next);
    if (!next) {
      onFeatures(null);
      return;
    }
    matches.mutate(
      {
        id: mapId,
        data: {
          layers_filter: withTimeRange(
            [{ layer_id: next.layerId, filters: [next.condition] }],
            layers,
            datetime,
          ),
        },
        params: { page: 1, per_page: 100, ...asOfParams(asOf) },
      },
      { onSuccess: (page) => onFeatures(page.data) },
    );
  };
  return { selection, select };
}
