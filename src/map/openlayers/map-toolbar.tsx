import type OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import { useEffect, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapToolName, MapViewModel } from '../map-canvas-types';
import type { BasemapChoice } from '../tools/basemap-choice';
import { BasemapMenu } from './basemap-menu';
import type { MeasureKind } from './measure';
import { ToolIcon, type ToolIconName } from './tool-icons';

const DEGREES = 180 / Math.PI;
const ANIMATION_MS = 250;

/** The measuring tools, each a toggle button: its icon and its label's message key. */
const MEASURES = [
  { kind: 'length', icon: 'measureLength', label: 'map_tools.measure_length' },
  { kind: 'area', icon: 'measureArea', label: 'map_tools.measure_area' },
] as const satisfies readonly { kind: MeasureKind; icon: ToolIconName; label: string }[];

type ToolButtonProps = {
  icon: ToolIconName;
  label: string;
  onPress: () => void;
  pressed?: boolean;
  className?: string;
  expanded?: boolean;
  controls?: string;
};

function ToolButton({ icon, label, onPress, pressed, className, expanded, controls }: ToolButtonProps) {
  return (
    <button
      type="button"
      className={['map-tool', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onPress}
    >
      <ToolIcon name={icon} />
    </button>
  );
}

export type MapToolbarProps = {
  map: OlMap;
  tools: ReadonlySet<MapToolName>;
  homeView: MapViewModel;
  fullScreenTarget: RefObject<HTMLElement | null>;
  measuring: MeasureKind | null;
  onMeasure: (kind: MeasureKind | null) => void;
  basemap: {
    offered: readonly BasemapChoice[];
    current: BasemapChoice;
    onChoose: (choice: BasemapChoice) => void;
  };
};

/** The floating tool column of a 2D map (MapStore2's and QWC2's map buttons, keyboard-first). */
export function MapToolbar({
  map,
  tools,
  homeView,
  fullScreenTarget,
  measuring,
  onMeasure,
  basemap,
}: MapToolbarProps) {
  const { t } = useTranslation();
  const [fullScreen, setFullScreen] = useState(false);
  const [rotated, setRotated] = useState(false);
  const [basemapOpen, setBasemapOpen] = useState(false);
  const menuId = useId();
  const view = map.getView();

  useEffect(() => {
    const onChange = () => {
      setFullScreen(
        document.fullscreenElement !== null && document.fullscreenElement === fullScreenTarget.current,
      );
      // The map's box changed size: OpenLayers must measure it again.
      map.updateSize();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [map, fullScreenTarget]);

  useEffect(() => {
    const onRotation = () => setRotated(Math.abs(view.getRotation()) > 1e-6);
    onRotation();
    view.on('change:rotation', onRotation);
    return () => view.un('change:rotation', onRotation);
  }, [view]);

  const zoomBy = (delta: number) => {
    const zoom = view.getZoom();
    if (zoom === undefined) return;
    if (view.getAnimating()) view.cancelAnimations();
    view.animate({ zoom: view.getConstrainedZoom(zoom + delta), duration: ANIMATION_MS });
  };
  const goHome = () =>
    view.animate({
      center: fromLonLat(homeView.center),
      zoom: homeView.zoom,
      rotation: homeView.rotation / DEGREES,
      duration: ANIMATION_MS * 2,
    });
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void fullScreenTarget.current?.requestFullscreen();
  };
  const toggleMeasure = (kind: MeasureKind) => onMeasure(measuring === kind ? null : kind);

  return (
    <div className="map-toolbar" role="group" aria-label={t('map_tools.toolbar')}>
      {tools.has('zoom') && (
        <div className="map-tool-group">
          {/* `ol-zoom-in` keeps the class OpenLayers' own button had (older tests find it by it). */}
          <ToolButton
            icon="zoomIn"
            className="ol-zoom-in"
            label={t('map_tools.zoom_in')}
            onPress={() => zoomBy(1)}
          />
          <ToolButton
            icon="zoomOut"
            className="ol-zoom-out"
            label={t('map_tools.zoom_out')}
            onPress={() => zoomBy(-1)}
          />
        </div>
      )}
      {(tools.has('home') || tools.has('fullScreen') || rotated) && (
        <div className="map-tool-group">
          {tools.has('home') && <ToolButton icon="home" label={t('map_tools.home')} onPress={goHome} />}
          {tools.has('fullScreen') && document.fullscreenEnabled && (
            <ToolButton
              icon={fullScreen ? 'exitFullScreen' : 'fullScreen'}
              label={fullScreen ? t('map_tools.exit_full_screen') : t('map_tools.full_screen')}
              onPress={toggleFullScreen}
            />
          )}
          {rotated && (
            <ToolButton
              icon="north"
              label={t('map_tools.reset_north')}
              onPress={() => view.animate({ rotation: 0, duration: ANIMATION_MS })}
            />
          )}
        </div>
      )}
      {tools.has('measure') && (
        <div className="map-tool-group">
          {MEASURES.map(({ kind, icon, label }) => (
            <ToolButton
              key={kind}
              icon={icon}
              label={t(label)}
              pressed={measuring === kind}
              onPress={() => toggleMeasure(kind)}
            />
          ))}
        </div>
      )}
      {tools.has('basemap') && (
        <div className="map-tool-group map-tool-anchor">
          <ToolButton
            icon="basemap"
            label={t('map_tools.basemap')}
            expanded={basemapOpen}
            controls={basemapOpen ? menuId : undefined}
            onPress={() => setBasemapOpen((open) => !open)}
          />
          {basemapOpen && (
            <BasemapMenu
              id={menuId}
              offered={basemap.offered}
              current={basemap.current}
              onChoose={basemap.onChoose}
              onClose={() => setBasemapOpen(false)}
            />
          )}
        </div>
      )}
    </div>
  );
}
