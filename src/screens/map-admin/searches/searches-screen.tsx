import { LayerPartList, searchList } from '../parts/layer-part-lists';

/** searches: the saved form searches of the map. */
export function SearchesScreen() {
  return <LayerPartList config={searchList} />;
}
