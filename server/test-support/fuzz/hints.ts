import type { Rng } from './random.ts';
import type { Hints } from './schema-values.ts';
import { WORLD_PROPERTIES, type World } from './world.ts';

/** What a case may name: this operation's world, the caller, another user, jobs. */
export interface Targets {
  world: World;
  self: Account;
  victim: Account;
  /** Bookmarks on the world's map: the caller's first, then another user's. */
  bookmarkIds: number[];
  fileId: number;
  exportIds: string[];
  importIds: string[];
  /** The layer the case's path names, so a body's geometry can fit it. */
  pathLayerId?: number;
}

type LayerKind = 'point' | 'line' | 'polygon';

/** A geometry a layer of this kind takes, near the world's features. */
function geometryFor(kind: LayerKind, rng: Rng): object {
  const x = -9.14 + rng.next() * 0.01;
  const y = 38.72 + rng.next() * 0.01;
  if (kind === 'point') return { type: 'Point', coordinates: [x, y] };
  if (kind === 'line')
    return {
      type: 'LineString',
      coordinates: [
        [x, y],
        [x + 0.001, y + 0.002],
      ],
    };
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + 0.002, y],
        [x + 0.002, y + 0.002],
        [x, y],
      ],
    ],
  };
}

function kindOf(layerId: unknown, world: World): LayerKind | undefined {
  const { point, line, polygon } = world.layerIds;
  return layerId === point
    ? 'point'
    : layerId === line
      ? 'line'
      : layerId === polygon
        ? 'polygon'
        : undefined;
}

export interface Account {
  id: number;
  email: string;
  password: string;
}

function idsFor(key: string, targets: Targets): number[] | undefined {
  const { world } = targets;
  const layers = Object.values(world.layerIds);
  const features = [...world.featureIds.point, ...world.featureIds.line, ...world.featureIds.polygon];
  switch (key) {
    case 'layer_id':
    case 'child_layer_id':
    case 'valve_layer_id':
    case 'node_layer_id':
    case 'visible_layer_id':
      return layers;
    case 'pipe_layer_id':
      return [world.layerIds.line];
    case 'id':
    case 'feature_id':
    case 'parent_feature_id':
    case 'child_feature_id':
    case 'delete_id':
      return features;
    case 'pipe_id':
      return world.featureIds.line;
    case 'map_id':
    case 'target_map_id':
      return [world.mapId, world.otherMapId];
    case 'category_id':
    case 'parent_id':
      return world.categoryIds;
    default:
      return undefined;
  }
}

const PROPERTY_NAME = '^[a-z][a-z0-9_]{0,62}$';

function typedValue(name: string, rng: Rng): unknown {
  switch (WORLD_PROPERTIES.find((property) => property.name === name)?.type) {
    case 'number':
      return rng.int(0, 500) + rng.pick([0, 0.25]);
    case 'integer':
      return rng.int(0, 500);
    case 'boolean':
      return rng.chance(0.5);
    case 'date':
      return `2021-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
    case 'enum':
      return rng.pick(['pvc', 'cast_iron']);
    case 'url':
      return `https://example.com/${rng.word(4)}`;
    default:
      return `Thing ${rng.int(0, 9)}`;
  }
}

/** Hints that make most "valid" values name the world's real rows, so they get past 404 and 422. */
export function hintsFor(targets: Targets): Hints {
  return {
    forKey(key, schema, rng) {
      const ids = idsFor(key, targets);
      if (key === 'geometry' && rng.chance(0.7)) {
        const kind =
          kindOf(targets.pathLayerId, targets.world) ?? rng.pick<LayerKind>(['point', 'line', 'polygon']);
        return { value: geometryFor(kind, rng) };
      }
      if (ids && (schema.type === 'integer' || schema.type === undefined) && rng.chance(0.9))
        return { value: rng.pick(ids) };
      if (schema.pattern === PROPERTY_NAME || key === 'property') {
        if (rng.chance(0.85)) return { value: rng.pick(targets.world.propertyNames) };
      }
      if (schema.oneOf && targets.world.propertyNames.includes(key) && rng.chance(0.7))
        return { value: typedValue(key, rng) };
      if (key === 'email' && rng.chance(0.3))
        return { value: rng.pick([targets.victim.email, targets.self.email]) };
      if ((key === 'password' || key === 'current_password') && rng.chance(0.3))
        return { value: rng.pick([targets.victim.password, targets.self.password]) };
      if ((key === 'search_value' || key === 'search') && rng.chance(0.5))
        return { value: rng.pick(['Thing', 'pvc', '1']) };
      return undefined;
    },
    fixObject(value, rng) {
      if (typeof value.password === 'string' && 'password_confirmation' in value && rng.chance(0.8))
        value.password_confirmation = value.password;
      if (value.type === 'enum' && 'label' in value && rng.chance(0.8)) value.options = ['pvc', 'cast_iron'];
      if (Array.isArray(value.properties) && rng.chance(0.8)) {
        // One entry per name, as a person editing a schema would send.
        const names = new Set<unknown>();
        value.properties = value.properties.filter((entry: unknown) => {
          const name = (entry as { name?: unknown } | null)?.name;
          if (names.has(name)) return false;
          names.add(name);
          return true;
        });
      }
      // Renames mostly collide with the world's other names; an edit in place gets further.
      if (typeof value.previous_name === 'string' && rng.chance(0.7)) delete value.previous_name;
      // A feature named together with its layer: most of the time one of that layer's own.
      const kind = kindOf(value.layer_id, targets.world);
      if (kind && rng.chance(0.8)) {
        const own = targets.world.featureIds[kind];
        if (typeof value.id === 'number') value.id = rng.pick(own);
        if (Array.isArray(value.feature_ids)) value.feature_ids = own.slice(0, rng.int(1, own.length));
        if (value.geometry !== undefined) value.geometry = geometryFor(kind, rng);
      }
    },
  };
}
