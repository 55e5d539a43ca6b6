import { useTranslation } from 'react-i18next';
import { useLastViewedMap } from '@/lib/last-map';
import { MapPicker } from './map-picker';
import { ShownMap } from '../shell/shown-map';

/** /map: a viewer with a map picker, opening the last map viewed. */
export function MapPickerScreen() {
  const { t } = useTranslation();
  const [mapId, choose] = useLastViewedMap();
  const heading = (
    <>
      <h1 id="map-picker-title" className="map-viewer-title">
        {t('maps.map')}
      </h1>
      <MapPicker label={t('viewer.picker.label')} value={mapId} onChange={choose} />
    </>
  );
  return (
    <section className="map-page" aria-labelledby="map-picker-title">
      {mapId === null ? (
        <div className="viewer-bar viewer-bar-alone">{heading}</div>
      ) : (
        <ShownMap mapId={mapId} heading={heading} />
      )}
    </section>
  );
}
