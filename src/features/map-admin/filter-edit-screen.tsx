import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateFilter, useListFilters, useUpdateFilter } from '../../../generated/api/filters/filters';
import { useListLayers } from '../../../generated/api/layers/layers';
import {
  FilterType,
  type Filter,
  type FilterOption,
  type Layer,
  type LayerProperty,
} from '../../../generated/model';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { LoadError, Loading } from '../../components/ui/status';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { useFormSubmission } from '../../lib/use-form-submission';
import { LayerSelect } from './layer-select';
import { invalidateMapData, useMapId, useOptionalId } from './map-cache';
import { mapCall } from './map-call';
import { mapPaths } from './map-paths';

/** filters/create and filters/:filter_id/edit. */
export function FilterEditScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const filterId = useOptionalId('filter_id');
  const filters = useListFilters(mapId);
  const layers = useListLayers(mapId);
  if (filters.isPending || layers.isPending) return <Loading />;
  if (filters.isError || layers.isError) return <LoadError />;
  const filter = filterId === undefined ? undefined : filters.data.data.find((row) => row.id === filterId);
  if (filterId !== undefined && !filter) return <LoadError message={t('map_admin.parts.not_found')} />;
  return <FilterForm key={filter?.id ?? 'new'} mapId={mapId} filter={filter} layers={layers.data.data} />;
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

function FilterForm({ mapId, filter, layers }: { mapId: number; filter?: Filter; layers: readonly Layer[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const createFilter = useCreateFilter();
  const updateFilter = useUpdateFilter();
  const [layerId, setLayerId] = useState<number | null>(filter?.layer_id ?? null);
  const [name, setName] = useState(filter?.name ?? '');
  const [property, setProperty] = useState<string | null>(filter?.property ?? null);
  const [type, setType] = useState<FilterType>(filter?.type ?? 'text');
  const [options, setOptions] = useState(optionsText(filter?.options ?? null));
  const layer = layers.find((row) => row.id === layerId);
  const hasOptions = type === 'select' || type === 'multiselect';
  const title = filter ? t('maps.admin.filter_edit') : t('maps.admin.filter_create');

  // Choosing a property suggests the matching control and, for enums, its values.
  const chooseProperty = (name: string | null) => {
    setProperty(name);
    const chosen = layer?.properties.find((entry) => entry.name === name);
    if (!chosen) return;
    setType(typeFor(chosen));
    if (chosen.options) setOptions(chosen.options.join('\n'));
  };

  const save = () =>
    submit(() =>
      mapCall(async () => {
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
        if (filter) await updateFilter.mutateAsync({ id: mapId, filterId: filter.id, data });
        else await createFilter.mutateAsync({ id: mapId, data });
        await invalidateMapData(queryClient, mapId);
        showToast(t('map_admin.filters.saved'));
        await navigate(mapPaths.section(mapId, 'filters'));
      }),
    );

  return (
    <section aria-labelledby="filter-edit-title">
      <h2 id="filter-edit-title">{title}</h2>
      <Form label={title} errors={errors} failure={failure} onSubmit={() => void save()}>
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
        <Button type="submit" isPending={isSubmitting}>
          {t('common.save')}
        </Button>
      </Form>
    </section>
  );
}
