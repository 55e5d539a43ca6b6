import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { useLastViewedMap } from '@/lib/last-map';
import { MapPicker } from './map-picker';
import { MapViewer3d } from '../globe/map-viewer-3d';

function ShownGlobe({ mapId, heading }: { mapId: number; heading: ReactNode }) {
  const { t } = useTranslation();
  const query = useShowMap(mapId, { with_layers: true });
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!query.data) return <Loading />;
  return <MapViewer3d key={mapId} map={query.data.data} heading={heading} />;
}

/** /map3d: the globe with a map picker, opening the last map viewed (as /map does in 2D). */
export function GlobePickerScreen() {
  const { t } = useTranslation();
  const [mapId, choose] = useLastViewedMap();
  const heading = (
    <>
      <h1 id="globe-picker-title" className="map-viewer-title">
        {t('maps.map3d')}
      </h1>
      <MapPicker label={t('viewer.picker.label')} value={mapId} onChange={choose} />
    </>
  );
  return (
    <section className="map-page" aria-labelledby="globe-picker-title">
      {mapId === null ? (
        <div className="viewer-bar viewer-bar-alone">{heading}</div>
      ) : (
        <ShownGlobe mapId={mapId} heading={heading} />
      )}
    </section>
  );
}
