import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  basemapLayer,
  MapCanvas,
  nextViewRequestNonce,
  type MapToolName,
  type MapViewModel,
  type ViewRequest,
} from '@/map';

const PICKER_TOOLS: readonly MapToolName[] = ['zoom', 'scaleBar'];

type MapViewPickerProps = {
  center: [number, number];
  zoom: number;
  basemap: string;
  onChange: (center: [number, number], zoom: number) => void;
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

const sameView = (a: { center: [number, number]; zoom: number }, b: typeof a) =>
  Math.abs(a.center[0] - b.center[0]) <= 1e-5 &&
  Math.abs(a.center[1] - b.center[1]) <= 1e-5 &&
  Math.abs(a.zoom - b.zoom) <= 0.01;

/**
 * Pan and zoom a small map to choose the map's opening view; the cross marks the centre.
 * It draws the map's basemap through the same layer model as the viewer, so the admin picks
 * on the real world (bundled offline by default); with no basemap it still shows the world.
 */
export function MapViewPicker({ center, zoom, basemap, onChange }: MapViewPickerProps) {
  const { t } = useTranslation();
  const layers = useMemo(() => {
    const model = basemapLayer(basemap === 'none' ? 'offline' : basemap);
    return model ? [model] : [];
  }, [basemap]);
  const [initialView] = useState<MapViewModel>(() => ({ center, zoom, rotation: 0 }));
  // The view the map last reported: typed coordinates that differ from it move the map.
  const [shown, setShown] = useState({ center, zoom });
  const [lon, lat] = center;
  const request = useMemo<ViewRequest | null>(
    () =>
      sameView({ center: [lon, lat], zoom }, shown)
        ? null
        : { nonce: nextViewRequestNonce(), view: { center: [lon, lat], zoom, rotation: 0 } },
    [lon, lat, zoom, shown],
  );

  return (
    <div className="map-picker">
      <MapCanvas
        className="map-picker-canvas"
        layers={layers}
        initialView={initialView}
        viewRequest={request}
        label={t('map_admin.map_form.picker')}
        // The form beside it chooses the basemap; the picker only zooms and pans.
        tools={PICKER_TOOLS}
        onViewChange={(view) => {
          const next = {
            center: [round(view.center[0], 5), round(view.center[1], 5)] as [number, number],
            zoom: round(view.zoom, 2),
          };
          setShown(next);
          onChange(next.center, next.zoom);
        }}
      />
      <span className="map-picker-cross" aria-hidden="true">
        +
      </span>
    </div>
  );
}
