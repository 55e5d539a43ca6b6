import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListLayers } from '@generated/api/layers/layers';
import { FeatureTable } from '@/components/feature-table/feature-table';
import { FeatureViews } from '@/components/deleted-features/feature-views';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError, Loading } from '@/components/ui/status';
import { featureOf, useAppAbility } from '@/lib/ability';
import { featureExtent, featuresExtent } from '@/map';
import { useMapId, useOptionalId } from '../shell/map-cache';

/**
 * layers/:layer_id/features: the layer's features in the same virtualised table the viewer
 * mounts, so admins scroll, search and bulk-edit large layers exactly as viewers do.
 */
export function LayerFeaturesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAppAbility();
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
        <FeatureViews mapId={mapId} layer={layer}>
          <FeatureTable
            mapId={mapId}
            layer={layer}
            canEdit={ability.can('update', featureOf(mapId, layer.id))}
            onShowSelectionOnMap={(features) => {
              const extent = featuresExtent(features);
              if (!extent) return;
              navigate(`/maps/${mapId}/show`, {
                state: { selection: { layerId: layer.id, featureIds: features.map((f) => f.id), extent } },
              });
            }}
            onShowOnMap={(feature) =>
              navigate(`/maps/${mapId}/show`, {
                state: {
                  focus: {
                    layerId: feature.layer_id,
                    featureId: feature.id,
                    properties: feature.properties,
                    extent: featureExtent(feature),
                  },
                },
              })
            }
          />
        </FeatureViews>
      )}
    </section>
  );
}
