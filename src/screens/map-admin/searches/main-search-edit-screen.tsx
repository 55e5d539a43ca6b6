import { useTranslation } from 'react-i18next';
import {
  useCreateMainSearch,
  useListMainSearches,
  useUpdateMainSearch,
} from '@generated/api/main-search/main-search';
import type { MainSearch } from '@generated/model';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { LayerSelect } from '../parts/layer-select';
import { PartEditScreen, PartFormShell, type PartFormProps } from '../parts/part-form-shell';
import { PropertyChecklist } from './property-checklist';

/** main-search/create and main-search/:search_id/edit. */
export function MainSearchEditScreen() {
  return <PartEditScreen idParam="search_id" useParts={useListMainSearches} form={MainSearchForm} />;
}

function MainSearchForm({ mapId, part: entry, layers }: PartFormProps<MainSearch>) {
  const { t } = useTranslation();
  const createMainSearch = useCreateMainSearch();
  const updateMainSearch = useUpdateMainSearch();
  const form = useForm<{
    layerId: number | null;
    label: string;
    fields: string[];
    displayField: string | null;
  }>({
    layerId: entry?.layer_id ?? null,
    label: entry?.label ?? '',
    fields: entry?.fields ?? [],
    displayField: entry?.display_field ?? null,
  });
  const { layerId, fields, displayField } = form.values;
  const layer = layers.find((row) => row.id === layerId);

  const persist = ({ layerId, label, fields, displayField }: typeof form.values) => {
    const data = { layer_id: layerId ?? 0, label, fields, display_field: displayField ?? '' };
    return entry
      ? updateMainSearch.mutateAsync({ id: mapId, searchId: entry.id, data })
      : createMainSearch.mutateAsync({ id: mapId, data });
  };

  return (
    <PartFormShell
      kind="main_search"
      mapId={mapId}
      editing={entry !== undefined}
      form={form}
      persist={persist}
    >
      <TextField label={t('map_admin.main_searches.label')} isRequired {...form.field('label')} />
      <LayerSelect
        layers={layers}
        value={layerId}
        onChange={(next) => form.patch({ layerId: next?.id ?? null, fields: [], displayField: null })}
      />
      {layer ? (
        <>
          <PropertyChecklist
            label={t('map_admin.parts.fields')}
            name="fields"
            properties={layer.properties}
            value={fields}
            onChange={form.setter('fields')}
          />
          <Select
            label={t('map_admin.main_searches.display_field')}
            name="display_field"
            isRequired
            options={layer.properties.map((property) => ({ id: property.name, label: property.label }))}
            value={displayField}
            onChange={form.setter('displayField')}
          />
        </>
      ) : null}
    </PartFormShell>
  );
}
