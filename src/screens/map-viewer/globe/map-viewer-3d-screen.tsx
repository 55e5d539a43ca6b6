import { useTranslation } from 'react-i18next';
import { MapViewer3d } from './map-viewer-3d';
import { ViewerPage } from '../shell/viewer-page';

/** /maps/:id/show3d: one map on the globe, opening where the 2D viewer was when it switched. */
export function MapViewer3dScreen() {
  const { t } = useTranslation();
  return (
    <ViewerPage titleId="map-viewer-3d-title">
      {(map) => (
        <MapViewer3d
          key={map.id}
          map={map}
          heading={
            <h1 id="map-viewer-3d-title" className="map-viewer-title">
              {t('viewer3d.title', { title: map.title })}
            </h1>
          }
        />
      )}
    </ViewerPage>
  );
}
