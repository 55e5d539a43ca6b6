import type { MainSearch } from '@generated/model';
import { MainSearchBox } from '../search-filters/main-search-box';
import { useViewer } from './viewer-context';

/** The Search tab of both viewers: the map's main searches over its layers, at the slider's dates. */
export function ViewerSearch({ entries }: { entries: readonly MainSearch[] }) {
  const { mapId, layers, datetime, goToFeature } = useViewer();
  return (
    <MainSearchBox mapId={mapId} entries={entries} layers={layers} datetime={datetime} onPick={goToFeature} />
  );
}
