import { canOn, type AppAbility } from '@shared/access/abilities.ts';
import type { AccessSnapshot } from './access-snapshot.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The properties of a layer hidden from the caller by the layer rules that apply to them (the
 * same rules the ability holds as inverted field rules). Empty for most callers and layers, so
 * answers without rules cost nothing more.
 */
export function hiddenPropertiesOf(access: AccessSnapshot, layerId: number): ReadonlySet<string> {
  if (access.layerRules.length === 0) return NONE;
  let hidden: Set<string> | undefined;
  for (const rule of access.layerRules) {
    if (rule.layer_id !== layerId || rule.hidden_properties.length === 0) continue;
    hidden ??= new Set();
    for (const name of rule.hidden_properties) hidden.add(name);
  }
  return hidden ?? NONE;
}

/** Properties the caller may read but not change on this layer (hidden ones included). */
export function readOnlyPropertiesOf(access: AccessSnapshot, layerId: number): ReadonlySet<string> {
  if (access.layerRules.length === 0) return NONE;
  const names = new Set<string>();
  for (const rule of access.layerRules) {
    if (rule.layer_id !== layerId) continue;
    for (const name of [...rule.read_only_properties, ...rule.hidden_properties]) names.add(name);
  }
  return names;
}

/** A feature's (or history value's) properties without the hidden ones. */
export function withoutHidden<T extends Record<string, unknown> | null | undefined>(
  properties: T,
  hidden: ReadonlySet<string>,
): T {
  if (hidden.size === 0 || !properties) return properties;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(properties)) if (!hidden.has(name)) kept[name] = value;
  return kept as T;
}

/** A feature's properties, stored as JSON text, written again without the hidden ones. */
export function withoutHiddenText(properties: string, hidden: ReadonlySet<string>): string {
  return JSON.stringify(withoutHidden(JSON.parse(properties) as Record<string, unknown> | null, hidden));
}

/** Whether the caller may see this layer at all (a hidden layer is 404 and left out of lists). */
export function layerReadable(ability: AppAbility, layer: { id: number; map_id: number }): boolean {
  return canOn(ability, 'read', 'Layer', { ...layer });
}

type StyleSeen = {
  label_property?: string | null;
  height_property?: string | null;
  kind?: string;
  property?: string | null;
  categories?: unknown[];
  classes?: unknown[];
  size?: { property?: string } | null;
};

/**
 * A style as a caller who may not read `hidden` sees it, the way a deleted property leaves it
 * (layers/property-references.ts): a label on one is dropped, a thematic style by one draws one
 * symbol (its categories would list the hidden values), a size or height by one goes.
 */
function styleAsSeen<S extends StyleSeen>(style: S, hidden: ReadonlySet<string>): S {
  const seen: S = { ...style };
  const isHidden = (name: string | null | undefined) => typeof name === 'string' && hidden.has(name);
  if (isHidden(seen.label_property)) seen.label_property = null;
  if (isHidden(seen.height_property)) seen.height_property = null;
  if (isHidden(seen.property)) {
    seen.kind = 'single';
    seen.property = null;
    delete seen.categories;
    delete seen.classes;
  }
  if (isHidden(seen.size?.property)) seen.size = null;
  return seen;
}

/**
 * A layer as the caller sees it: hidden properties left out of its attribute schema, and out of
 * what its style and time property would otherwise name.
 */
export function layerAsSeen<
  L extends {
    id: number;
    properties: readonly { name: string }[];
    style?: StyleSeen | null;
    time_property?: string | null;
  },
>(access: AccessSnapshot, layer: L): L {
  const hidden = hiddenPropertiesOf(access, layer.id);
  if (hidden.size === 0) return layer;
  const seen: L = { ...layer, properties: layer.properties.filter((property) => !hidden.has(property.name)) };
  if (layer.style) seen.style = styleAsSeen(layer.style, hidden);
  if (typeof layer.time_property === 'string' && hidden.has(layer.time_property)) seen.time_property = null;
  return seen;
}
