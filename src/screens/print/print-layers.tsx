import { useTranslation } from 'react-i18next';
import type { Layer } from '@generated/model';
import { Checkbox } from '../../components/ui/checkbox';
import { sortLayers } from '../../map';
import { LayerLegend } from '../../map/legend';
import { PrintChoices } from './print-choices';

type PrintLayersProps = {
  layers: readonly Layer[];
  isVisible: (layer: Layer) => boolean;
  onChange: (layerId: number, visible: boolean) => void;
};

/** Which layers go on the sheet (and so into its legend), the top one first, each with its legend. */
export function PrintLayers({ layers, isVisible, onChange }: PrintLayersProps) {
  const { t } = useTranslation();
  const printable = sortLayers(layers)
    .reverse()
    .filter((layer) => layer.type !== '3d_tiles');
  return (
    <PrintChoices
      className="print-layers"
      legend={t('print.layers')}
      emptyText={t('print.no_layers')}
      isEmpty={printable.length === 0}
    >
      {printable.map((layer) => (
        <div key={layer.id} className="print-layer">
          <Checkbox
            label={layer.name}
            isSelected={isVisible(layer)}
            onChange={(visible) => onChange(layer.id, visible)}
          />
          {/* The sheet's legend rows of this layer, as the viewer's legend shows them. */}
          {isVisible(layer) ? <LayerLegend layer={layer} compact /> : null}
        </div>
      ))}
    </PrintChoices>
  );
}
