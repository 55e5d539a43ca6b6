import { LayerPartList, filterList } from '../parts/layer-part-lists';

/** filters: the controls the viewer's filter panel offers. */
export function FiltersScreen() {
  return <LayerPartList config={filterList} />;
}
