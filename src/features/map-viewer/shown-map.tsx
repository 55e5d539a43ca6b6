import { useTranslation } from 'react-i18next';
import { useShowMap } from '../../../generated/api/maps/maps';
import { LoadError, Loading } from '../../components/ui/status';
import type { MapViewModel, ViewRequest } from '../../map';
import { MapViewer } from './map-viewer';

type ShownMapProps = {
  mapId: number;
  syncRequest?: ViewRequest | null;
  onViewChanged?: (view: MapViewModel) => void;
};

/** Loads one map with its layers and shows it in the viewer. */
export function ShownMap({ mapId, syncRequest, onViewChanged }: ShownMapProps) {
  const { t } = useTranslation();
  const query = useShowMap(mapId, { with_layers: true });
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!query.data) return <Loading />;
  return (
    <MapViewer key={mapId} map={query.data.data} syncRequest={syncRequest} onViewChanged={onViewChanged} />
  );
}
