import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import type { MapViewModel, ViewRequest } from '@/map';
import { rememberViewedMap } from '@/lib/last-map';
import { MapViewer } from './map-viewer';
import { ViewSwitchButton } from './view-switch-button';

type ShownMapProps = {
  mapId: number;
  heading: ReactNode;
  panelOpenOnWide?: boolean;
  breadcrumbs?: boolean;
  syncRequest?: ViewRequest | null;
  onViewChanged?: (view: MapViewModel) => void;
};

/** Loads one map with its layers and shows it in the viewer, with a switch to the globe. */
export function ShownMap({ mapId, heading, onViewChanged, ...viewer }: ShownMapProps) {
  const { t } = useTranslation();
  const viewRef = useRef<MapViewModel | null>(null);
  const query = useShowMap(mapId, { with_layers: true });
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!query.data) return <Loading />;
  rememberViewedMap(mapId);
  return (
    <MapViewer
      key={mapId}
      map={query.data.data}
      heading={heading}
      tools={<ViewSwitchButton mapId={mapId} to="3d" viewRef={viewRef} />}
      onViewChanged={(view) => {
        viewRef.current = view;
        onViewChanged?.(view);
      }}
      {...viewer}
    />
  );
}
