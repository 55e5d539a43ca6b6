import { useTranslation } from 'react-i18next';
import { useCreateFilter, useListFilters, useUpdateFilter } from '@generated/api/filters/filters';
import { FilterType, type Filter, type FilterOption, type LayerProperty } from '@generated/model';
import { EnumSelect } from '@/components/ui/enum-select';
import { Select } from '@/components/ui/select';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { LayerSelect } from '../parts/layer-select';
import { PartEditScreen, PartFormShell, type PartFormProps } from '../parts/part-form-shell';

/** filters/create and filters/:filter_id/edit. */
export function FilterEditScreen() {
  return <PartEditScreen idParam="filter_id" useParts={useListFilters} form={FilterForm} />;
}

/** The filter control that suits a property's type. */
function typeFor(property: LayerProperty): FilterType {
  switch (property.type) {
    case 'enum':
      return 'multiselect';
    case 'number':
    case 'integer':
      return 'range';
    case 'date':
      return 'date_range';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

const optionsText = (options: readonly FilterOption[] | null) =>
  (options ?? []).map((option) => String(option.value)).join('\n');

function FilterForm({ mapId, part: filter, layers }: PartFormProps<Filter>) {
  const { t } = useTranslation();
  const createFilter = useCreateFilter();
  const updateFilter = useUpdateFilter();
  const form = useForm<{
    layerId: number | null;
    name: string;
    property: string | null;
    type: FilterType;
    options: string;
  }>({
    layerId: filter?.layer_id ?? null,
    name: filter?.name ?? '',
    property: filter?.property ?? null,
    type: filter?.type ?? 'text',
    options: optionsText(filter?.options ?? null),
  });
  const { layerId, property, type } = form.values;
  const layer = layers.find((row) => row.id === layerId);
  const hasOptions = type === 'select' || type === 'multiselect';

  // Choosing a property suggests the matching control and, for enums, its values.
  const chooseProperty = (name: string | null) => {
    const chosen = layer?.properties.find((entry) => entry.name === name);
    if (!chosen) return form.set('property', name);
    form.patch({
      property: name,
      type: typeFor(chosen),
      ...(chosen.options ? { options: chosen.options.join('\n') } : {}),
    });
  };

  const persist = ({ layerId, name, property, type, options }: typeof form.values) => {
    const values = options
      .split('\n')
      .map((value) => value.trim())
      .filter(Boolean);
    const data = {
      layer_id: layerId ?? 0,
      name,
      property: property ?? '',
      type,
      options: hasOptions ? values.map((value) => ({ value, label: value })) : null,
    };
    return filter
      ? updateFilter.mutateAsync({ id: mapId, filterId: filter.id, data })
      : createFilter.mutateAsync({ id: mapId, data });
  };

  return (
    <PartFormShell kind="filter" mapId={mapId} editing={filter !== undefined} form={form} persist={persist}>
      <TextField label={t('map_admin.parts.name')} isRequired {...form.field('name')} />
      <LayerSelect
        layers={layers}
        value={layerId}
        onChange={(next) => form.patch({ layerId: next?.id ?? null, property: null })}
      />
      {layer ? (
        <Select
          label={t('map_admin.filters.property')}
          name="property"
          isRequired
          options={layer.properties.map((entry) => ({
            id: entry.name,
            label: `${entry.label} (${entry.name})`,
          }))}
          value={property}
          onChange={chooseProperty}
        />
      ) : null}
      <EnumSelect
        label={t('map_admin.filters.type')}
        name="type"
        values={Object.values(FilterType)}
        optionLabel={(id) => t(`map_admin.filters.types.${id}`)}
        value={type}
        onChange={form.setter('type')}
      />
      {hasOptions ? (
        <TextAreaField label={t('map_admin.filters.options')} rows={5} {...form.field('options')} />
      ) : null}
    </PartFormShell>
  );
}
