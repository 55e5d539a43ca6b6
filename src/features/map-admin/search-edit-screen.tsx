import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListLayers } from '../../../generated/api/layers/layers';
import { useCreateSearch, useListSearches, useUpdateSearch } from '../../../generated/api/searches/searches';
import { SearchOperator, type Layer, type Search } from '../../../generated/model';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { LoadError, Loading } from '../../components/ui/status';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { useFormSubmission } from '../../lib/use-form-submission';
import { LayerSelect } from './layer-select';
import { invalidateMapData, useMapId, useOptionalId } from './map-cache';
import { mapCall } from './map-call';
import { mapPaths } from './map-paths';
import { PropertyChecklist } from './property-checklist';

/** search/create and search/:search_id/edit. */
export function SearchEditScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const searchId = useOptionalId('search_id');
  const searches = useListSearches(mapId);
  const layers = useListLayers(mapId);
  if (searches.isPending || layers.isPending) return <Loading />;
  if (searches.isError || layers.isError) return <LoadError />;
  const search = searchId === undefined ? undefined : searches.data.data.find((row) => row.id === searchId);
  if (searchId !== undefined && !search) return <LoadError message={t('map_admin.parts.not_found')} />;
  return <SearchForm key={search?.id ?? 'new'} mapId={mapId} search={search} layers={layers.data.data} />;
}

function SearchForm({ mapId, search, layers }: { mapId: number; search?: Search; layers: readonly Layer[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const createSearch = useCreateSearch();
  const updateSearch = useUpdateSearch();
  const [layerId, setLayerId] = useState<number | null>(search?.layer_id ?? null);
  const [name, setName] = useState(search?.name ?? '');
  const [fields, setFields] = useState<string[]>(search?.fields ?? []);
  const [operator, setOperator] = useState<SearchOperator>(search?.operator ?? 'contains');
  const layer = layers.find((row) => row.id === layerId);
  const title = search ? t('maps.admin.search_edit') : t('maps.admin.search_create');

  const save = () =>
    submit(() =>
      mapCall(async () => {
        const data = { layer_id: layerId ?? 0, name, fields, operator };
        if (search) await updateSearch.mutateAsync({ id: mapId, searchId: search.id, data });
        else await createSearch.mutateAsync({ id: mapId, data });
        await invalidateMapData(queryClient, mapId);
        showToast(t('map_admin.searches.saved'));
        await navigate(mapPaths.section(mapId, 'searches'));
      }),
    );

  return (
    <section aria-labelledby="search-edit-title">
      <h2 id="search-edit-title">{title}</h2>
      <Form label={title} errors={errors} failure={failure} onSubmit={() => void save()}>
        <TextField label={t('map_admin.parts.name')} name="name" isRequired value={name} onChange={setName} />
        <LayerSelect
          layers={layers}
          value={layerId}
          onChange={(next) => {
            setLayerId(next?.id ?? null);
            setFields([]);
          }}
        />
        {layer ? (
          <PropertyChecklist
            label={t('map_admin.parts.fields')}
            name="fields"
            properties={layer.properties}
            value={fields}
            onChange={setFields}
          />
        ) : null}
        <Select
          label={t('map_admin.searches.operator')}
          name="operator"
          options={Object.values(SearchOperator).map((id) => ({
            id,
            label: t(`map_admin.searches.operators.${id}`),
          }))}
          value={operator}
          onChange={(value) => {
            const next = Object.values(SearchOperator).find((known) => known === value);
            if (next) setOperator(next);
          }}
        />
        <Button type="submit" isPending={isSubmitting}>
          {t('common.save')}
        </Button>
      </Form>
    </section>
  );
}
