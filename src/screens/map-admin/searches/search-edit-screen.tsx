import { useTranslation } from 'react-i18next';
import { useCreateSearch, useListSearches, useUpdateSearch } from '@generated/api/searches/searches';
import { SearchOperator, type Search } from '@generated/model';
import { EnumSelect } from '@/components/ui/enum-select';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { LayerSelect } from '../parts/layer-select';
import { PartEditScreen, PartFormShell, type PartFormProps } from '../parts/part-form-shell';
import { PropertyChecklist } from './property-checklist';

/** search/create and search/:search_id/edit. */
export function SearchEditScreen() {
  return <PartEditScreen idParam="search_id" useParts={useListSearches} form={SearchForm} />;
}

function SearchForm({ mapId, part: search, layers }: PartFormProps<Search>) {
  const { t } = useTranslation();
  const createSearch = useCreateSearch();
  const updateSearch = useUpdateSearch();
  const form = useForm<{ layerId: number | null; name: string; fields: string[]; operator: SearchOperator }>({
    layerId: search?.layer_id ?? null,
    name: search?.name ?? '',
    fields: search?.fields ?? [],
    operator: search?.operator ?? 'contains',
  });
  const { layerId, fields, operator } = form.values;
  const layer = layers.find((row) => row.id === layerId);

  const persist = ({ layerId, name, fields, operator }: typeof form.values) => {
    const data = { layer_id: layerId ?? 0, name, fields, operator };
    return search
      ? updateSearch.mutateAsync({ id: mapId, searchId: search.id, data })
      : createSearch.mutateAsync({ id: mapId, data });
  };

  return (
    <PartFormShell kind="search" mapId={mapId} editing={search !== undefined} form={form} persist={persist}>
      <TextField label={t('map_admin.parts.name')} isRequired {...form.field('name')} />
      <LayerSelect
        layers={layers}
        value={layerId}
        onChange={(next) => form.patch({ layerId: next?.id ?? null, fields: [] })}
      />
      {layer ? (
        <PropertyChecklist
          label={t('map_admin.parts.fields')}
          name="fields"
          properties={layer.properties}
          value={fields}
          onChange={form.setter('fields')}
        />
      ) : null}
      <EnumSelect
        label={t('map_admin.searches.operator')}
        name="operator"
        values={Object.values(SearchOperator)}
        optionLabel={(id) => t(`map_admin.searches.operators.${id}`)}
        value={operator}
        onChange={form.setter('operator')}
      />
    </PartFormShell>
  );
}
