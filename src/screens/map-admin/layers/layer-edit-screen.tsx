import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListCategories } from '@generated/api/categories/categories';
import { useCreateLayer, useListLayers, useUpdateLayer } from '@generated/api/layers/layers';
import { LoadError, Loading } from '@/components/ui/status';
import { showToast } from '@/components/ui/toast';
import { LayerForm } from './layer-form';
import { LayerRelationsPanel } from './layer-relations-panel';
import { LayerSchemaPanel } from '../schema/layer-schema-panel';
import { LayerTransferPanel } from './layer-transfer-panel';
import { useMapId, useOptionalId } from '../shell/map-cache';
import { mapPaths } from '../shell/map-paths';
import { mapChanged } from '@/lib/cache-changes';

/** layers/create and layers/:layer_id/edit: the settings, then (saved layers) schema, transfer, relations. */
export function LayerEditScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const layerId = useOptionalId('layer_id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const layers = useListLayers(mapId);
  const categories = useListCategories({ map_id: mapId });
  const createLayer = useCreateLayer();
  const updateLayer = useUpdateLayer();
  const title = layerId === undefined ? t('maps.admin.layer_create') : t('maps.admin.layer_edit');

  if (layers.isPending || categories.isPending) return <Loading />;
  if (layers.isError || categories.isError) return <LoadError />;
  const layer = layerId === undefined ? undefined : layers.data.data.find((row) => row.id === layerId);
  if (layerId !== undefined && !layer) return <LoadError message={t('map_admin.layers.not_found')} />;

  return (
    <section aria-labelledby="layer-edit-title">
      <h2 id="layer-edit-title">{layer ? `${title}: ${layer.name}` : title}</h2>
      <LayerForm
        key={layer?.updated_at ?? 'new'}
        label={title}
        submitLabel={layer ? t('common.save') : t('map_admin.layer_form.create')}
        layer={layer}
        categories={categories.data.data}
        onSubmit={async (values) => {
          if (layer) {
            // Type, geometry and schema are fixed after creation (the schema has its own calls).
            const { type: _type, geometry_type: _geometry, properties: _properties, ...data } = values;
            await updateLayer.mutateAsync({ id: mapId, layerId: layer.id, data });
            await mapChanged(queryClient, mapId);
            showToast(t('map_admin.layers.updated'));
          } else {
            const { time_property: _time, ...create } = values;
            const created = await createLayer.mutateAsync({ id: mapId, data: create });
            await mapChanged(queryClient, mapId);
            showToast(t('map_admin.layers.created'));
            await navigate(mapPaths.section(mapId, `layers/${created.data.id}/edit`));
          }
        }}
      />
      {layer?.type === 'vector' ? (
        <LayerSchemaPanel key={`schema-${layer.id}`} mapId={mapId} layer={layer} />
      ) : null}
      {layer ? <LayerRelationsPanel mapId={mapId} layer={layer} siblings={layers.data.data} /> : null}
      {layer ? <LayerTransferPanel mapId={mapId} layer={layer} /> : null}
    </section>
  );
}
