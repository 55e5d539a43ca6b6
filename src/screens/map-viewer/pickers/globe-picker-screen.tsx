import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { MapPickerPage } from './map-picker-page';
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
  return (
    <MapPickerPage
      titleId="globe-picker-title"
      title={t('maps.map3d')}
      viewer={(mapId, heading) => <ShownGlobe mapId={mapId} heading={heading} />}
    />
  );
}
