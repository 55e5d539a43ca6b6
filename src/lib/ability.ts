import {
  createMongoAbility,
  subject as caslSubject,
  type ForcedSubject,
  type MongoAbility,
  type RawRuleOf,
} from '@casl/ability';
import { useAbility } from '@casl/react';
import type { AbilityAction, AbilitySubject, Layer } from '../../generated/model';

/** A subject type a record can have (`all` names every type, never one record). */
export type RecordSubjectType = Exclude<AbilitySubject, 'all'>;
/** One record, typed with CASL's `subject()` so the rules' conditions and fields apply to it. */
export type SubjectRecord = Record<string, unknown> & ForcedSubject<RecordSubjectType>;

export type AppAbility = MongoAbility<[AbilityAction, AbilitySubject | SubjectRecord]>;
export type AppRule = RawRuleOf<AppAbility>;

/**
 * One ability for the whole app (provided with @casl/react's AbilityProvider to the signed-in
 * routes). It starts empty, so nothing is allowed until the server's rules arrive. Loaded
 * after sign-in only, through signed-in-resources.ts (docs/architecture.md#first-load).
 */
export const ability: AppAbility = createMongoAbility<[AbilityAction, AbilitySubject | SubjectRecord]>();

/** Replaces, never merges: docs/product.md#roles says fetched rules replace the current ones. */
export function replaceAbilityRules(rules: AppRule[]): void {
  ability.update(rules);
}

/** Typed access to the provided ability; re-renders when its rules change. */
export const useAppAbility = (): AppAbility => useAbility<AppAbility>();

/**
 * A record of one map, as the server's rules match it (docs/decisions.md#abilities): a Map by
 * its own `id`, anything else by its `map_id`, and a Feature or Layer also by its layer, so
 * per-map grants and per-layer rules (hidden, read-only, hidden or read-only properties) apply.
 * A bare subject type ("Feature") would ignore those conditions and allow what any map allows.
 */
export function onMap(type: RecordSubjectType, mapId: number, layerId?: number): SubjectRecord {
  const record: Record<string, unknown> = type === 'Map' ? { id: mapId } : { map_id: mapId };
  if (layerId !== undefined && type !== 'Map') {
    if (type === 'Layer') record.id = layerId;
    else record.layer_id = layerId;
  }
  return caslSubject(type, record);
}

/** A feature of `layerId` on `mapId` (or any feature of the map when no layer is known yet). */
export const featureOf = (mapId: number, layerId?: number): SubjectRecord => onMap('Feature', mapId, layerId);

/**
 * The layer as this user may see it: its properties without the ones a rule hides from them,
 * so no table column, panel row, filter or form field shows a hidden property.
 */
export function readableLayer<T extends Pick<Layer, 'id' | 'properties'>>(
  target: AppAbility,
  mapId: number,
  layer: T,
): T {
  const feature = featureOf(mapId, layer.id);
  const properties = layer.properties.filter((property) => target.can('read', feature, property.name));
  return properties.length === layer.properties.length ? layer : { ...layer, properties };
}

/** Whether this user may change `property` of the layer's features (read-only properties say no). */
export const canEditProperty = (target: AppAbility, mapId: number, layerId: number, property: string) =>
  target.can('update', featureOf(mapId, layerId), property);

export { canOnEvery } from './ability-checks';
// Here, not in the guards, so a guest's page does not fetch @casl/react either.
export { AbilityProvider } from '@casl/react';
