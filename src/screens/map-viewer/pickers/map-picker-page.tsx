import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastViewedMap } from '@/lib/last-map';
import { MapPicker } from './map-picker';

type MapPickerPageProps = {
  /** The id of the page's heading, which names it. */
  titleId: string;
  title: string;
  /** The viewer of the chosen map, the title and the picker as its heading. */
  viewer: (mapId: number, heading: ReactNode) => ReactNode;
};

/** /map and /map3d: a viewer with a map picker beside its title, opening the last map viewed. */
export function MapPickerPage({ titleId, title, viewer }: MapPickerPageProps) {
  const { t } = useTranslation();
  const [mapId, choose] = useLastViewedMap();
  const heading = (
    <>
      <h1 id={titleId} className="map-viewer-title">
        {title}
      </h1>
      <MapPicker label={t('viewer.picker.label')} value={mapId} onChange={choose} />
    </>
  );
  return (
    <section className="map-page" aria-labelledby={titleId}>
      {mapId === null ? <div className="viewer-bar viewer-bar-alone">{heading}</div> : viewer(mapId, heading)}
    </section>
  );
}
