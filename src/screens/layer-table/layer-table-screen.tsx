import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '../../components/ui/status';
import { LayerFeatureTable } from '../../components/feature-table/layer-feature-table';
import { useAsOf } from '../../lib/as-of';
import { datetimeFor, useTimeDatetime, whenQuery } from '../../lib/time-query';

/** /maps/:id/show/:layer_id/features: one layer's features as a table. */
export function LayerTableScreen() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const mapId = Number(params.id);
  const layerId = Number(params.layer_id);
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
      <LayerFeatureTable mapId={mapId} layer={layer} mapPath={mapPath} readOnly={Boolean(asOf)} />
    </section>
  );
}
