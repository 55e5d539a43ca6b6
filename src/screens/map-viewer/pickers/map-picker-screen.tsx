import { useTranslation } from 'react-i18next';
import { ShownMap } from '../shell/shown-map';
import { MapPickerPage } from './map-picker-page';

/** /map: a viewer with a map picker, opening the last map viewed. */
export function MapPickerScreen() {
  const { t } = useTranslation();
  return (
    <MapPickerPage
      titleId="map-picker-title"
      title={t('maps.map')}
      viewer={(mapId, heading) => <ShownMap mapId={mapId} heading={heading} />}
    />
  );
}
