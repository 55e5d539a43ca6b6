import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '../../components/ui/status';
import { featureOf, useAppAbility } from '../../lib/ability';
import { featureExtent, featuresExtent } from '../../map';
import { FeatureTable } from '../../components/feature-table/feature-table';
import { FeatureViews } from '../../components/deleted-features/feature-views';
import { useAsOf } from '../../lib/as-of';
import { datetimeFor, useTimeDatetime, whenQuery } from '../../lib/time-query';

/** /maps/:id/show/:layer_id/features: one layer's features as a table. */
export function LayerTableScreen() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const mapId = Number(params.id);
  const layerId = Number(params.layer_id);
  const navigate = useNavigate();
  const ability = useAppAbility();
  // Opened from a map shown as it was: the rows of then, read only.
  const asOf = useAsOf();
  const datetime = useTimeDatetime();
  // Back on the map, the same moment and dates.
  const [search] = useSearchParams();
  const mapPath = `/maps/${mapId}/show${whenQuery(search)}`;
  const query = useShowMap(mapId, { with_layers: true }, { query: { enabled: mapId > 0 } });
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!query.data) return <Loading />;
  const map = query.data.data;
  const layer = map.layers?.find((entry) => entry.id === layerId);
  if (!layer) return <LoadError message={t('feature_table.no_layer')} />;
  return (
    <section className="page" aria-labelledby="feature-table-title">
      <h1 id="feature-table-title">{t('feature_table.title', { layer: layer.name, map: map.title })}</h1>
      {asOf && (
        <p role="status" className="as-of-banner">
          {t('time.as_of.table_banner', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
              new Date(asOf),
            ),
          })}
        </p>
      )}
      {datetimeFor(layer, datetime).datetime && (
        <p role="status" className="as-of-banner">
          {t('feature_table.time_range', { range: datetime?.replace('/', ' – ').replaceAll('..', '…') })}
        </p>
      )}
      <FeatureViews mapId={mapId} layer={layer}>
        <FeatureTable
          mapId={mapId}
          layer={layer}
          canEdit={!asOf && ability.can('update', featureOf(mapId, layer.id))}
          onShowSelectionOnMap={(features) => {
            const extent = featuresExtent(features);
            if (!extent) return;
            navigate(mapPath, {
              state: { selection: { layerId: layer.id, featureIds: features.map((f) => f.id), extent } },
            });
          }}
          onShowOnMap={(feature) =>
            navigate(mapPath, {
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
    </section>
  );
}
