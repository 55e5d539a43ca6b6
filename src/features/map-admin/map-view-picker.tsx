import OlMap from 'ol/Map';
import View from 'ol/View';
import Graticule from 'ol/layer/Graticule';
import TileLayer from 'ol/layer/Tile';
import { fromLonLat, toLonLat } from 'ol/proj';
import OSM from 'ol/source/OSM';
import Stroke from 'ol/style/Stroke';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import 'ol/ol.css';

type MapViewPickerProps = {
  center: [number, number];
  zoom: number;
  basemap: string;
  onChange: (center: [number, number], zoom: number) => void;
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Pan and zoom a small map to choose the map's opening view; the cross marks the
 * centre. Lives in its own chunk so OpenLayers never reaches the first bundle.
 */
export function MapViewPicker({ center, zoom, basemap, onChange }: MapViewPickerProps) {
  const { t } = useTranslation();
  const target = useRef<HTMLDivElement>(null);
  const map = useRef<OlMap | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!target.current) return;
    // Offline by default: a graticule needs no tiles; OSM only when the map uses it.
    const layers = [
      ...(basemap === 'osm' ? [new TileLayer({ source: new OSM() })] : []),
      new Graticule({
        strokeStyle: new Stroke({ color: 'rgba(30, 64, 175, 0.35)', width: 1 }),
        showLabels: true,
      }),
    ];
    const view = new View({ center: fromLonLat(center), zoom });
    const created = new OlMap({ target: target.current, layers, view, controls: [] });
    created.on('moveend', () => {
      const [lon = 0, lat = 0] = toLonLat(view.getCenter() ?? [0, 0]);
      onChangeRef.current([round(lon, 5), round(lat, 5)], round(view.getZoom() ?? zoom, 2));
    });
    map.current = created;
    return () => {
      created.setTarget(undefined);
      map.current = null;
    };
    // The map is made once per basemap; typed coordinates move it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [basemap]);

  useEffect(() => {
    const view = map.current?.getView();
    if (!view) return;
    const [lon = 0, lat = 0] = toLonLat(view.getCenter() ?? [0, 0]);
    if (Math.abs(lon - center[0]) > 1e-5 || Math.abs(lat - center[1]) > 1e-5)
      view.setCenter(fromLonLat(center));
    if (Math.abs((view.getZoom() ?? zoom) - zoom) > 0.01) view.setZoom(zoom);
  }, [center, zoom]);

  return (
    <div className="map-picker">
      <div
        ref={target}
        className="map-picker-canvas"
        role="application"
        aria-label={t('map_admin.map_form.picker')}
      />
      <span className="map-picker-cross" aria-hidden="true">
        +
      </span>
    </div>
  );
}
