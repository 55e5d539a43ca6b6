import { useTranslation } from 'react-i18next';
import { useListMaps } from '@generated/api/maps/maps';
import { CompactSelect } from '@/components/ui/compact-select';

type MapPickerProps = { label: string; value: number | null; onChange: (id: number) => void };

/** A select of the maps the user may see (the first 100 by title), small enough for a bar over the map. */
export function MapPicker({ label, value, onChange }: MapPickerProps) {
  const { t } = useTranslation();
  const maps = useListMaps({ per_page: 100 });
  const options = (maps.data?.data ?? []).map((map) => ({ id: String(map.id), label: map.title }));
  return (
    <CompactSelect
      className="map-picker"
      label={label}
      options={options}
      // Until the list arrives the chosen id has no title to show.
      value={value !== null && options.some((option) => option.id === String(value)) ? String(value) : null}
      placeholder={maps.isPending ? t('common.loading') : t('viewer.picker.choose')}
      onChange={(id) => onChange(Number(id))}
      // An empty list would not open: the picker waits for the maps.
      isDisabled={options.length === 0}
    />
  );
}
