import { useTranslation } from 'react-i18next';
import { useListLayers } from '@generated/api/layers/layers';
import { LayerFeatureTable } from '@/components/feature-table/layer-feature-table';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError, Loading } from '@/components/ui/status';
import { useMapId, useOptionalId } from '../shell/map-cache';

/**
 * layers/:layer_id/features: the layer's features in the same virtualised table the viewer
 * mounts, so admins scroll, search and bulk-edit large layers exactly as viewers do.
 */
export function LayerFeaturesScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const layerId = useOptionalId('layer_id') ?? Number.NaN;
  const layers = useListLayers(mapId);
  const layer = layers.data?.data.find((row) => row.id === layerId);

  return (
    <section aria-labelledby="layer-features-title">
      <header className="section-header">
        <h2 id="layer-features-title">
          {t('maps.admin.layer_features')}
          {layer ? `: ${layer.name}` : ''}
        </h2>
        <LinkButton variant="secondary" to={`/maps/${mapId}/show/${layerId}/features`}>
          {t('map_admin.features.open_in_viewer')}
        </LinkButton>
      </header>
      {layers.isPending ? (
        <Loading />
      ) : layers.isError || !layer ? (
        <LoadError />
      ) : (
        <LayerFeatureTable mapId={mapId} layer={layer} mapPath={`/maps/${mapId}/show`} />
      )}
    </section>
  );
}
