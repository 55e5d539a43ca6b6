import { LayerPartList, mainSearchList } from '../parts/layer-part-lists';

/** main-search: what the viewer's global search box looks through. */
export function MainSearchesScreen() {
  return <LayerPartList config={mainSearchList} />;
}
