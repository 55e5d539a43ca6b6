import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '@generated/model';
import { ExportDialog, type ExportScope } from '../export-dialog';
import { featureOf, useAppAbility } from '../../lib/ability';
import { datetimeFor, useTimeDatetime } from '../../lib/time-query';

type TableExportProps = {
  mapId: number;
  layer: Layer;
  selectedIds: readonly number[];
  /** The table's search text: the layer export then writes what the table lists. */
  search: string;
};

/** The table's export: the selected rows first, else what the table lists. */
export function TableExport({ mapId, layer, selectedIds, search }: TableExportProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const [isOpen, setOpen] = useState(false);
  // The table lists only the slider's dates (from the address): the layer export writes the same.
  const dated = datetimeFor(layer, useTimeDatetime());
  if (!ability.can('export', featureOf(mapId, layer.id))) return null;
  const scopes: ExportScope[] = [];
  if (selectedIds.length > 0) {
    scopes.push({
      id: 'selected',
      label: t('export_dialog.scopes.selected', { count: selectedIds.length }),
      target: { kind: 'selected', layerId: layer.id, featureIds: [...selectedIds] },
    });
  }
  scopes.push({
    id: 'layer',
    label: search
      ? t('export_dialog.scopes.layer_search', { name: layer.name, search })
      : t('export_dialog.scopes.layer', { name: layer.name }),
    target: { kind: 'layer', layerId: layer.id, ...(search ? { search } : {}), ...dated },
  });
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        {selectedIds.length > 0 ? t('export_dialog.open_selection') : t('export_dialog.open')}
      </button>
      <ExportDialog mapId={mapId} isOpen={isOpen} onClose={() => setOpen(false)} scopes={scopes} />
    </>
  );
}
