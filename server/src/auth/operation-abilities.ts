import { canOnAll, type Action, type AppAbility, type SubjectType } from '@shared/access/abilities.ts';

/**
 * What each operation needs before its input is even read. `all`: the action on every
 * instance (e.g. listing all users); otherwise on some instance, and the handler checks
 * the instance it touches. Operations not listed need only what their security says.
 * Operations on one map (its path, or a `map_id` in the query or body: categories, attachments)
 * are decided by their handlers against that map, since rights are held per map (404 for a map
 * the caller may not read); an import job's handler checks its owner.
 */
interface Need {
  action: Action;
  subject: SubjectType;
  scope?: 'all';
}

const read = (subject: SubjectType): Need => ({ action: 'read', subject });
const create = (subject: SubjectType): Need => ({ action: 'create', subject });
const update = (subject: SubjectType): Need => ({ action: 'update', subject });
const remove = (subject: SubjectType): Need => ({ action: 'delete', subject });

export const OPERATION_NEEDS: Readonly<Record<string, Need>> = {
  listUsers: { action: 'read', subject: 'User', scope: 'all' },
  createUser: { action: 'create', subject: 'User', scope: 'all' },
  getUser: read('User'),
  updateUser: update('User'),
  deleteUser: remove('User'),
  listGroups: { action: 'manage', subject: 'Group', scope: 'all' },
  createGroup: { action: 'manage', subject: 'Group', scope: 'all' },
  getGroup: { action: 'manage', subject: 'Group', scope: 'all' },
  updateGroup: { action: 'manage', subject: 'Group', scope: 'all' },
  deleteGroup: { action: 'manage', subject: 'Group', scope: 'all' },
  setGroupMembers: { action: 'manage', subject: 'Group', scope: 'all' },

  createMap: create('Map'),
  getMap: read('Map'),
  showMap: read('Map'),
  updateMap: update('Map'),
  deleteMap: remove('Map'),
  listMainSearches: read('MainSearch'),
  createMainSearch: create('MainSearch'),
  getMainSearch: read('MainSearch'),
  updateMainSearch: update('MainSearch'),
  deleteMainSearch: remove('MainSearch'),
  searchMainFeatures: read('Feature'),
  listSearches: read('Search'),
  createSearch: create('Search'),
  getSearch: read('Search'),
  updateSearch: update('Search'),
  deleteSearch: remove('Search'),
  listFilters: read('Filter'),
  createFilter: create('Filter'),
  getFilter: read('Filter'),
  updateFilter: update('Filter'),
  deleteFilter: remove('Filter'),
  createBookmark: create('Bookmark'),
  deleteBookmark: remove('Bookmark'),
  listLayers: read('Layer'),
  createLayer: create('Layer'),
  importLayer: create('Layer'),
  startLayerImport: create('Layer'),
  getLayer: read('Layer'),
  updateLayer: update('Layer'),
  deleteLayer: remove('Layer'),
  updateLayerProperties: update('Layer'),
  deleteLayerProperties: update('Layer'),
  transferLayer: update('Layer'),
  getLayerRelations: read('Layer'),
  updateLayerRelations: update('Layer'),
  listLayerFeatures: read('Feature'),
  getLayerTile: read('Feature'),
  getLayerTileJson: read('Feature'),
  createLayerFeature: create('Feature'),
  filterFeatures: read('Feature'),
  updateFeatures: update('Feature'),
  updateMultiSelectFeatures: update('Feature'),
  getFeatureHistory: read('Feature'),
  restoreFeatureVersion: update('Feature'),
  splitFeature: update('Feature'),
  listDeletedFeatures: update('Feature'),
  listLayerChanges: read('Feature'),
  getFeatureChildren: read('Feature'),
  getFeatureParents: read('Feature'),
  exportFilterFeatures: { action: 'export', subject: 'Feature' },
  exportMultiSelectedFeatures: { action: 'export', subject: 'Feature' },
  exportFeatures: { action: 'export', subject: 'Feature' },
  downloadExport: read('Export'),
  getExport: read('Export'),
  deleteFeatureFile: update('Feature'),
  getWaterNetwork: read('Map'),
  updateWaterNetwork: update('Map'),
  checkWaterNetwork: update('Map'),
  isolateWaterNetworkPipe: read('Map'),
  traceWaterNetwork: read('Map'),
  traceWaterNetworkFlow: read('Map'),
  importWaterNetworkInp: create('Layer'),
};

export function operationAllowed(ability: AppAbility, operationId: string): boolean {
  const need = OPERATION_NEEDS[operationId];
  if (!need) return true;
  return need.scope === 'all'
    ? canOnAll(ability, need.action, need.subject)
    : ability.can(need.action, need.subject);
}
