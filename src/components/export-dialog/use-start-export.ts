import {
  useExportFeatures,
  useExportFilterFeatures,
  useExportMultiSelectedFeatures,
} from '@generated/api/exports/exports';
import type { ExportFile, ExportFormat } from '@generated/model';
import type { ExportTarget } from './export-target';
import { asOfParams, useAsOf } from '../../lib/as-of';

export type ExportRequest = { target: ExportTarget; format: ExportFormat; email: string | null };

/** Starts an export through the operation that fits its target; resolves with the export's first status. */
export function useStartExport(mapId: number) {
  const byLayer = useExportFeatures();
  const byFilter = useExportFilterFeatures();
  const bySelection = useExportMultiSelectedFeatures();
  // A map shown as it was exports the features of then (old values and geometry).
  const params = asOfParams(useAsOf());

  const start = async ({ target, format, email }: ExportRequest): Promise<ExportFile> => {
    const common = { format, ...(email ? { email_to_send: email } : {}) };
    switch (target.kind) {
      case 'layer':
        return (
          await byLayer.mutateAsync({
            id: mapId,
            params,
            data: {
              ...common,
              layer_id: target.layerId,
              ...(target.search ? { search: target.search } : {}),
              ...(target.datetime ? { datetime: target.datetime } : {}),
            },
          })
        ).data;
      case 'filter':
        return (
          await byFilter.mutateAsync({
            id: mapId,
            params,
            data: { ...common, layers_filter: target.layersFilter },
          })
        ).data;
      case 'selected':
        return (
          await bySelection.mutateAsync({
            id: mapId,
            params,
            data: { ...common, layer_id: target.layerId, feature_ids: target.featureIds },
          })
        ).data;
    }
  };
  return start;
}
