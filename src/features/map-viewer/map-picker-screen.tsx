import { useTranslation } from 'react-i18next';
import { useLastViewedMap } from './last-map';
import { MapPicker } from './map-picker';
import { ShownMap } from './shown-map';

/** /map: a viewer with a map picker, opening the last map viewed. */
export function MapPickerScreen() {
  const { t } = useTranslation();
  const [mapId, choose] = useLastViewedMap();
  return (
    <section className="page map-viewer-page" aria-labelledby="map-picker-title">
      <h1 id="map-picker-title" className="map-viewer-title">
        {t('maps.map')}
      </h1>
      <MapPicker label={t('viewer.picker.label')} value={mapId} onChange={choose} />
      {mapId !== null && <ShownMap mapId={mapId} />}
    </section>
  );
}
