import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateFilter, useListFilters, useUpdateFilter } from '../../../../generated/api/filters/filters';
import { FilterType, type Filter, type FilterOption, type LayerProperty } from '../../../../generated/model';
import { Select } from '../../../components/ui/select';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
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
  const [layerId, setLayerId] = useState<number | null>(filter?.layer_id ?? null);
  const [name, setName] = useState(filter?.name ?? '');
  const [property, setProperty] = useState<string | null>(filter?.property ?? null);
  const [type, setType] = useState<FilterType>(filter?.type ?? 'text');
  const [options, setOptions] = useState(optionsText(filter?.options ?? null));
  const layer = layers.find((row) => row.id === layerId);
  const hasOptions = type === 'select' || type === 'multiselect';

  // Choosing a property suggests the matching control and, for enums, its values.
  const chooseProperty = (name: string | null) => {
    setProperty(name);
    const chosen = layer?.properties.find((entry) => entry.name === name);
    if (!chosen) return;
    setType(typeFor(chosen));
    if (chosen.options) setOptions(chosen.options.join('\n'));
  };

  const persist = () => {
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
    <PartFormShell kind="filter" mapId={mapId} editing={filter !== undefined} persist={persist}>
      <TextField label={t('map_admin.parts.name')} name="name" isRequired value={name} onChange={setName} />
      <LayerSelect
        layers={layers}
        value={layerId}
        onChange={(next) => {
          setLayerId(next?.id ?? null);
          setProperty(null);
        }}
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
      <Select
        label={t('map_admin.filters.type')}
        name="type"
        options={Object.values(FilterType).map((id) => ({ id, label: t(`map_admin.filters.types.${id}`) }))}
        value={type}
        onChange={(value) => {
          const next = Object.values(FilterType).find((known) => known === value);
          if (next) setType(next);
        }}
      />
      {hasOptions ? (
        <TextAreaField
          label={t('map_admin.filters.options')}
          name="options"
          rows={5}
          value={options}
          onChange={setOptions}
        />
      ) : null}
    </PartFormShell>
  );
}
