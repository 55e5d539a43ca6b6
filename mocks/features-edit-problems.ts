import type { FeatureEdit } from '../generated/model';
import { propertyProblems, type FeatureProperties } from '../shared/features/property-rules';
import { findFeature } from './features-store';
import { entryProblems } from './entry-problems';
import { townLayers } from './town';
import { renderedProblems } from './validation-messages';

/**
 * An edit's properties against the layer's schema by the server's own rules (a partial edit:
 * absent ones are kept): a name the layer lacks, an empty required one, a value of the wrong
 * type, out of bounds or not in the pattern's form, worded as the server words them.
 */
function editPropertyProblems(layerId: number, values: FeatureProperties, prefix: string) {
  const schema = townLayers().find((layer) => layer.id === layerId)?.properties ?? [];
  return renderedProblems(propertyProblems(schema, values, prefix, true));
}

/**
 * updateFeatures' refusals named by their place in the body, as the server names them
 * (server/src/features/feature-edits.ts): `features.0.id`, `features.0.layer_id`, `delete_ids.1`.
 */
export function editProblems(
  edits: readonly FeatureEdit[],
  deleteIds: readonly number[],
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const deleting = new Set(deleteIds);
  edits.forEach((edit, index) => {
    const at = `features.${index}`;
    const feature = findFeature(edit.id);
    if (!feature) problems[`${at}.id`] = [`There is no feature ${edit.id} on this map.`];
    else if (feature.layer_id !== edit.layer_id)
      problems[`${at}.layer_id`] = [`Feature ${edit.id} belongs to another layer.`];
    else if (deleting.has(edit.id))
      problems[`${at}.id`] = [`Feature ${edit.id} cannot be both edited and deleted.`];
    if (feature && feature.layer_id === edit.layer_id)
      Object.assign(
        problems,
        editPropertyProblems(feature.layer_id, edit.properties ?? {}, `${at}.properties`),
      );
  });
  Object.assign(
    problems,
    entryProblems('delete_ids', deleteIds, (id) =>
      findFeature(id) ? undefined : `There is no feature ${id} on this map.`,
    ),
  );
  return problems;
}
