import { useTranslation } from 'react-i18next';
import type { Layer } from '@generated/model';
import { Select } from '@/components/ui/select';

type LayerSelectProps = {
  layers: readonly Layer[];
  value: number | null;
  onChange: (layer: Layer | null) => void;
};

/** The map's layers that have features (searches and filters only make sense there). */
export function LayerSelect({ layers, value, onChange }: LayerSelectProps) {
  const { t } = useTranslation();
  const options = layers
    .filter((layer) => layer.type === 'vector')
    .map((layer) => ({ id: String(layer.id), label: layer.name }));
  return (
    <Select
      label={t('map_admin.parts.layer')}
      name="layer_id"
      isRequired
      options={options}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(layers.find((layer) => String(layer.id) === id) ?? null)}
    />
  );
}
