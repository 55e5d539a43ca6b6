import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { MapViewModel } from '@/map';
import { MapViewer } from './map-viewer';
import { viewFromQuery } from './view-query';
import { ViewerPage } from './viewer-page';
import { ViewSwitchButton } from './view-switch-button';

/** /maps/:id/show: the 2D viewer of one map. */
export function MapViewerScreen() {
  // The 3D viewer hands over its view in the address; the switch button hands ours back.
  const [search] = useSearchParams();
  const viewRef = useRef<MapViewModel | null>(viewFromQuery(search));
  return (
    <ViewerPage titleId="map-viewer-title">
      {(map) => (
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
      )}
    </ViewerPage>
  );
}
