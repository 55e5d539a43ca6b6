import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLabel } from '@/components/ui/icon';
import { ExportDialog, type ExportScope } from '@/components/export-dialog';
import { featureOf, useAppAbility } from '@/lib/ability';
import { withTimeRange } from '../time/time-range';
import { datetimeFor } from '@/lib/time-query';
import { useViewer } from './viewer-context';

/**
 * The viewer's Export button: the visible features in view, the applied filter, or a whole layer;
 * under the time slider, only the features inside its range.
 */
export function ViewerExport({ visibleLayerIds }: { visibleLayerIds: readonly number[] }) {
  const { t } = useTranslation();
  const { mapId, layers, viewExtent, appliedFilter, datetime } = useViewer();
  const ability = useAppAbility();
  const [isOpen, setOpen] = useState(false);
  if (!ability.can('export', featureOf(mapId))) return null;
  const vectorLayers = layers.filter((layer) => layer.type === 'vector');
  const visibleVector = vectorLayers.filter((layer) => visibleLayerIds.includes(layer.id));
  const scopes: ExportScope[] = [];
  if (appliedFilter && appliedFilter.length > 0) {
    scopes.push({
      id: 'filter',
      label: t('export_dialog.scopes.filter'),
      target: { kind: 'filter', layersFilter: withTimeRange(appliedFilter, layers, datetime) },
    });
  }
  if (viewExtent && visibleVector.length > 0) {
    scopes.push({
      id: 'view',
      label: t('export_dialog.scopes.view'),
      target: {
        kind: 'filter',
        layersFilter: withTimeRange(
          visibleVector.map((layer) => ({ layer_id: layer.id, filters: [], bbox: viewExtent })),
          visibleVector,
          datetime,
        ),
      },
    });
  }
  for (const layer of vectorLayers) {
    // A timed layer under the slider exports the dates it shows, and says so.
    const dated = datetimeFor(layer, datetime);
    scopes.push({
      id: `layer-${layer.id}`,
      label: dated.datetime
        ? t('export_dialog.scopes.layer_dated', { name: layer.name, range: rangeLabel(dated.datetime) })
        : t('export_dialog.scopes.layer', { name: layer.name }),
      target: { kind: 'layer', layerId: layer.id, ...dated },
    });
  }
  if (scopes.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary viewer-export icon-button-labelled"
        onClick={() => setOpen(true)}
      >
        <IconLabel icon="download" label={t('export_dialog.open')} />
      </button>
      <ExportDialog mapId={mapId} isOpen={isOpen} onClose={() => setOpen(false)} scopes={scopes} />
    </>
  );
}

/** An OGC `datetime` as a reader writes a range: `2019-01-01 – 2020-12-31`, `…` for an open end. */
function rangeLabel(datetime: string): string {
  return datetime.replace('/', ' – ').replaceAll('..', '…');
}
