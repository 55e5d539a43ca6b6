import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListCategories } from '@generated/api/categories/categories';
import { useDeleteLayer, useListLayers, useUpdateLayer } from '@generated/api/layers/layers';
import type { Layer } from '@generated/model';
import { MoveButtons } from '@/components/admin-list/move-buttons';
import { RowLink } from '@/components/admin-list/row-link';
import { Checkbox } from '@/components/ui/checkbox';
import { LinkButton } from '@/components/ui/link-button';
import { QueryList } from '@/components/ui/query-list';
import { showToast } from '@/components/ui/toast';
import { DeleteButton } from '@/components/admin-list/delete-button';
import { removeFromLists, useMapId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { applyOrderChanges } from '../shell/reorder';
import { StyleSwatch } from '../layer-style/style-swatch';
import { mapChanged } from '@/lib/cache-changes';

/** layers: top of the drawing order first, with visibility, order and category at hand. */
export function LayersScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const layers = useListLayers(mapId);
  const categories = useListCategories({ map_id: mapId });
  const updateLayer = useUpdateLayer();
  const deleteLayer = useDeleteLayer();
  const categoryName = (id: number | null) =>
    categories.data?.data.find((category) => category.id === id)?.name ??
    t('map_admin.layer_form.no_category');

  const update = async (layer: Layer, data: Parameters<typeof updateLayer.mutateAsync>[0]['data']) => {
    try {
      await mapCall(() => updateLayer.mutateAsync({ id: mapId, layerId: layer.id, data }));
    } catch {
      showToast(t('errors.something_went_wrong'), 'error');
    }
    await mapChanged(queryClient, mapId);
  };

  // Moving a layer swaps its order with its neighbour's; both updates land or neither does.
  const swap = async (layer: Layer, other: Layer) => {
    try {
      await applyOrderChanges(
        [
          { item: layer, from: layer.order, to: other.order },
          { item: other, from: other.order, to: layer.order },
        ],
        (row, order) =>
          mapCall(() => updateLayer.mutateAsync({ id: mapId, layerId: row.id, data: { order } })),
      );
    } catch {
      showToast(t('map_admin.reorder_failed'), 'error');
    }
    await mapChanged(queryClient, mapId);
  };

  return (
    <section aria-labelledby="layers-title">
      <header className="section-header">
        <h2 id="layers-title">{t('maps.admin.layers')}</h2>
        <span className="item-actions">
          <LinkButton variant="secondary" to={mapPaths.section(mapId, 'layers/import')}>
            {t('layer_import.open')}
          </LinkButton>
          <LinkButton to={mapPaths.section(mapId, 'layers/create')}>
            {t('maps.admin.layer_create')}
          </LinkButton>
        </span>
      </header>
      <QueryList query={layers} empty={t('map_admin.layers.empty')}>
        {(rows) => {
          const list = [...rows].sort((a, b) => b.order - a.order || a.id - b.id);
          return (
            <ol className="item-list" aria-label={t('map_admin.layers.list')}>
              {list.map((layer, index) => {
                const above = list[index - 1];
                const below = list[index + 1];
                return (
                  <li key={layer.id} className="item-row" aria-label={layer.name}>
                    <span className="item-main">
                      <StyleSwatch
                        style={layer.style}
                        geometry={layer.geometry_type}
                        label={t('map_admin.style.preview')}
                      />
                      <span>
                        <strong>{layer.name}</strong>
                        <span className="item-meta">
                          {' · '}
                          {t(`map_admin.layer_types.${layer.type}`)}
                          {layer.geometry_type
                            ? ` · ${t(`map_admin.geometry_types.${layer.geometry_type}`)}`
                            : ''}
                          {' · '}
                          {categoryName(layer.category_id)}
                          {layer.type === 'vector'
                            ? ` · ${t('map_admin.layers.features_count', { count: layer.features_count })}`
                            : ''}
                        </span>
                      </span>
                    </span>
                    <span className="item-actions">
                      <Checkbox
                        label={t('map_admin.layers.visible')}
                        aria-label={t('map_admin.layers.visible_layer', { name: layer.name })}
                        isSelected={layer.visible}
                        onChange={(visible) => void update(layer, { visible })}
                      />
                      <MoveButtons
                        upLabel={t('map_admin.layers.move_up', { name: layer.name })}
                        downLabel={t('map_admin.layers.move_down', { name: layer.name })}
                        canMoveUp={above !== undefined}
                        canMoveDown={below !== undefined}
                        onMove={(step) => {
                          const other = step < 0 ? above : below;
                          if (other) void swap(layer, other);
                        }}
                      />
                      {layer.type === 'vector' ? (
                        <LinkButton
                          variant="secondary"
                          to={mapPaths.section(mapId, `layers/${layer.id}/features`)}
                        >
                          {t('map_admin.layers.features')}
                        </LinkButton>
                      ) : null}
                      <RowLink
                        to={mapPaths.section(mapId, `layers/${layer.id}/edit`)}
                        label={t('map_admin.layers.edit_layer', { name: layer.name })}
                      >
                        {t('common.edit')}
                      </RowLink>
                      <DeleteButton
                        label={t('map_admin.layers.delete_layer', { name: layer.name })}
                        doneMessage={t('map_admin.layers.deleted')}
                        onDelete={async () => {
                          await mapCall(() => deleteLayer.mutateAsync({ id: mapId, layerId: layer.id }));
                          removeFromLists(queryClient, `/api/maps/${mapId}/layers`, layer.id);
                          await mapChanged(queryClient, mapId);
                        }}
                      />
                    </span>
                  </li>
                );
              })}
            </ol>
          );
        }}
      </QueryList>
    </section>
  );
}
