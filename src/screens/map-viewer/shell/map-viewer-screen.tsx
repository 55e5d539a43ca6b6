import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { rememberViewedMap } from '@/lib/last-map';
import type { MapViewModel } from '@/map';
import { MapViewer } from './map-viewer';
import { viewFromQuery, withView } from './view-query';
import { ViewSwitchButton } from './view-switch-button';

/** /maps/:id/show: the 2D viewer of one map. */
export function MapViewerScreen() {
  const { t } = useTranslation();
  const mapId = Number(useParams().id);
  // The 3D viewer hands over its view in the address; the switch button hands ours back.
  const [search] = useSearchParams();
  const carried = useMemo(() => viewFromQuery(search), [search]);
  const viewRef = useRef<MapViewModel | null>(carried);
  const query = useShowMap(
    mapId,
    { with_layers: true },
    { query: { enabled: Number.isInteger(mapId) && mapId > 0 } },
  );
  const map = useMemo(() => (query.data ? withView(query.data.data, carried) : null), [query.data, carried]);
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!map) return <Loading />;
  // /map opens the last map viewed; viewing is what makes it the last.
  rememberViewedMap(map.id);
  return (
    <section className="map-page" aria-labelledby="map-viewer-title">
      <MapViewer
        map={map}
        heading={
          <h1 id="map-viewer-title" className="map-viewer-title">
            {map.title}
          </h1>
        }
        tools={<ViewSwitchButton mapId={map.id} to="3d" viewRef={viewRef} />}
        onViewChanged={(view) => {
          viewRef.current = view;
        }}
      />
    </section>
  );
}
