import { useTranslation } from 'react-i18next';
import { useListMaps } from '../../../generated/api/maps/maps';

type MapPickerProps = { label: string; value: number | null; onChange: (id: number) => void };

/** A select of the maps the user may see (the first 100 by title). */
export function MapPicker({ label, value, onChange }: MapPickerProps) {
  const { t } = useTranslation();
  const maps = useListMaps({ per_page: 100 });
  return (
    <label className="map-picker">
      {label}
      <select value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        <option value="" disabled>
          {maps.isPending ? t('common.loading') : t('viewer.picker.choose')}
        </option>
        {(maps.data?.data ?? []).map((map) => (
          <option key={map.id} value={map.id}>
            {map.title}
          </option>
        ))}
      </select>
    </label>
  );
}
