import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListLayers } from '../../../generated/api/layers/layers';
import {
  useCreateMainSearch,
  useListMainSearches,
  useUpdateMainSearch,
} from '../../../generated/api/main-search/main-search';
import type { Layer, MainSearch } from '../../../generated/model';
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

/** main-search/create and main-search/:search_id/edit. */
export function MainSearchEditScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const searchId = useOptionalId('search_id');
  const mainSearches = useListMainSearches(mapId);
  const layers = useListLayers(mapId);
  if (mainSearches.isPending || layers.isPending) return <Loading />;
  if (mainSearches.isError || layers.isError) return <LoadError />;
  const entry =
    searchId === undefined ? undefined : mainSearches.data.data.find((row) => row.id === searchId);
  if (searchId !== undefined && !entry) return <LoadError message={t('map_admin.parts.not_found')} />;
  return <MainSearchForm key={entry?.id ?? 'new'} mapId={mapId} entry={entry} layers={layers.data.data} />;
}

function MainSearchForm({
  mapId,
  entry,
  layers,
}: {
  mapId: number;
  entry?: MainSearch;
  layers: readonly Layer[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const createMainSearch = useCreateMainSearch();
  const updateMainSearch = useUpdateMainSearch();
  const [layerId, setLayerId] = useState<number | null>(entry?.layer_id ?? null);
  const [label, setLabel] = useState(entry?.label ?? '');
  const [fields, setFields] = useState<string[]>(entry?.fields ?? []);
  const [displayField, setDisplayField] = useState<string | null>(entry?.display_field ?? null);
  const layer = layers.find((row) => row.id === layerId);
  const title = entry ? t('maps.admin.main_search_edit') : t('maps.admin.main_search_create');

  const save = () =>
    submit(() =>
      mapCall(async () => {
        const data = { layer_id: layerId ?? 0, label, fields, display_field: displayField ?? '' };
        if (entry) await updateMainSearch.mutateAsync({ id: mapId, searchId: entry.id, data });
        else await createMainSearch.mutateAsync({ id: mapId, data });
        await invalidateMapData(queryClient, mapId);
        showToast(t('map_admin.main_searches.saved'));
        await navigate(mapPaths.section(mapId, 'main-search'));
      }),
    );

  return (
    <section aria-labelledby="main-search-edit-title">
      <h2 id="main-search-edit-title">{title}</h2>
      <Form label={title} errors={errors} failure={failure} onSubmit={() => void save()}>
        <TextField
          label={t('map_admin.main_searches.label')}
          name="label"
          isRequired
          value={label}
          onChange={setLabel}
        />
        <LayerSelect
          layers={layers}
          value={layerId}
          onChange={(next) => {
            setLayerId(next?.id ?? null);
            setFields([]);
            setDisplayField(null);
          }}
        />
        {layer ? (
          <>
            <PropertyChecklist
              label={t('map_admin.parts.fields')}
              name="fields"
              properties={layer.properties}
              value={fields}
              onChange={setFields}
            />
            <Select
              label={t('map_admin.main_searches.display_field')}
              name="display_field"
              isRequired
              options={layer.properties.map((property) => ({ id: property.name, label: property.label }))}
              value={displayField}
              onChange={setDisplayField}
            />
          </>
        ) : null}
        <Button type="submit" isPending={isSubmitting}>
          {t('common.save')}
        </Button>
      </Form>
    </section>
  );
}
