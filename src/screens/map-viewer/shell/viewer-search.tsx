import type { Feature, Layer, MapDetail } from '@generated/model';
import { MainSearchBox } from '../search-filters/main-search-box';

type ViewerSearchProps = {
  map: MapDetail;
  layers: readonly Layer[];
  /** The time slider's range (OGC `datetime`), or null for every date. */
  datetime: string | null;
  onPick: (feature: Feature) => void;
};

/** The Search tab of both viewers: the map's main searches over its layers, at the slider's dates. */
export function ViewerSearch({ map, ...search }: ViewerSearchProps) {
  return <MainSearchBox mapId={map.id} entries={map.main_searches} {...search} />;
}
