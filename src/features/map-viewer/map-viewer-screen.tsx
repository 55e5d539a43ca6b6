import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useShowMap } from '../../../generated/api/maps/maps';
import { LoadError, Loading } from '../../components/ui/status';
import { rememberViewedMap } from './last-map';
import { MapViewer } from './map-viewer';

/** /maps/:id/show: the 2D viewer of one map. */
export function MapViewerScreen() {
  const { t } = useTranslation();
  const mapId = Number(useParams().id);
  const query = useShowMap(
    mapId,
    { with_layers: true },
    { query: { enabled: Number.isInteger(mapId) && mapId > 0 } },
  );
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!query.data) return <Loading />;
  const map = query.data.data;
  // /map opens the last map viewed; viewing is what makes it the last.
  rememberViewedMap(map.id);
  return (
    <section className="page map-viewer-page" aria-labelledby="map-viewer-title">
      <h1 id="map-viewer-title" className="map-viewer-title">
        {map.title}
      </h1>
      <MapViewer map={map} />
    </section>
  );
}
