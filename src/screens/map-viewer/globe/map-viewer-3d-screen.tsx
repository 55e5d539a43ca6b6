import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { rememberViewedMap } from '@/lib/last-map';
import { MapViewer3d } from './map-viewer-3d';
import { viewFromQuery, withView } from '../shell/view-query';

/** /maps/:id/show3d: one map on the globe, opening where the 2D viewer was when it switched. */
export function MapViewer3dScreen() {
  const { t } = useTranslation();
  const mapId = Number(useParams().id);
  const [search] = useSearchParams();
  const carried = useMemo(() => viewFromQuery(search), [search]);
  const query = useShowMap(
    mapId,
    { with_layers: true },
    { query: { enabled: Number.isInteger(mapId) && mapId > 0 } },
  );
  const map = useMemo(() => (query.data ? withView(query.data.data, carried) : null), [query.data, carried]);
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!map) return <Loading />;
  rememberViewedMap(map.id);
  return (
    <section className="map-page" aria-labelledby="map-viewer-3d-title">
      <MapViewer3d
        key={map.id}
        map={map}
        heading={
          <h1 id="map-viewer-3d-title" className="map-viewer-title">
            {t('viewer3d.title', { title: map.title })}
          </h1>
        }
      />
    </section>
  );
}
