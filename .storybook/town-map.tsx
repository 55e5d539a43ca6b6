import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showMap, useShowMap } from '../generated/api/maps/maps';
import type { Feature, Layer, MapDetail } from '../generated/model';
import { ViewerContext } from '../src/screens/map-viewer/shell/viewer-context';
// The viewer's panels are styled by the viewer's own sheets.
import '../src/screens/map-viewer/shell/map-viewer.css';
import '../src/screens/map-viewer/shell/viewer-shell.css';

/** The map the viewer's panels show in the workshop and in the unit run: mock mode's map 1. */
export const TOWN_MAP_ID = 1;

/**
 * Map 1 as the viewer gets it (layers, categories, filters, searches), handed to a panel. The
 * workshop serves the demo town and the unit run a small fixture town, both as map 1, so a story
 * takes its layers and ids from the answer instead of naming them.
 */
export function TownMap({ children }: { children: (map: MapDetail) => ReactNode }) {
  const { t } = useTranslation();
  const query = useShowMap(TOWN_MAP_ID, { with_layers: true });
  if (query.isError) return <p role="alert">{t('viewer.load_failed')}</p>;
  if (!query.data) return <p role="status">{t('common.loading')}</p>;
  return <>{children(query.data.data)}</>;
}

/**
 * Map 1 as a viewer hands it to its panels: looked at now, over every date, with no filter
 * applied, no extent yet and nothing selected; `goToFeature` stands for the viewer going to a picked feature.
 */
export function TownViewer({
  map,
  goToFeature,
  children,
}: {
  map: MapDetail;
  goToFeature: (feature: Feature) => void;
  children: ReactNode;
}) {
  const values = {
    mapId: TOWN_MAP_ID,
    layers: map.layers ?? [],
    viewExtent: null,
    datetime: null,
    asOf: null,
    appliedFilter: null,
    selected: null,
    goToFeature,
  };
  return <ViewerContext.Provider value={values}>{children}</ViewerContext.Provider>;
}

/** The same answer for a story's play function, to say what must show. */
export async function townMap(): Promise<MapDetail> {
  return (await showMap(TOWN_MAP_ID, { with_layers: true })).data;
}

/** The town's layers of features (not raster or basemap ones). */
export const vectorLayers = (map: MapDetail): Layer[] =>
  (map.layers ?? []).filter((layer) => layer.type === 'vector');
