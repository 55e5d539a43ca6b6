import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { insertFeature } from '../features/features-store.ts';
import { randomToken } from '../auth/tokens.ts';
import { anotherUser } from './another-user.ts';
import { remember, required, resolve, signedIn, type Params, type StateContext } from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

const json = (data: unknown): string => JSON.stringify(data);
const optional = (params: Params, key: string): unknown => params[key] ?? null;

/** The style a layer gets when it is created without one. */
const DEFAULT_STYLE = {
  stroke_color: '#1f78b4',
  stroke_width: 2,
  fill_color: '#1f78b466',
  point_radius: 5,
  label_property: null,
};

interface PropertyParam {
  name: string;
  label?: string;
  type?: string;
  required?: boolean;
  options?: string[] | null;
}

/** A layer attribute schema entry as the server stores it (every field present). */
function schemaEntry(entry: PropertyParam) {
  return {
    name: entry.name,
    label: entry.label ?? entry.name,
    type: entry.type ?? 'string',
    required: entry.required ?? false,
    options: entry.options ?? null,
  };
}

async function insert(context: StateContext, table: string, row: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(row);
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
  const rows = await context.db.query<{ id: number }>(
    `INSERT INTO ${table} (${quoted}) VALUES (${placeholders}) RETURNING id`,
    Object.values(row),
  );
  return (rows[0] as { id: number }).id;
}

/** A state that inserts one row and remembers it as `<kind>_<id>`. */
function rowState(
  definition: Omit<StateDefinition, 'setup' | 'returns'> & { kind: string; table: string },
  row: (context: StateContext, params: Params) => Promise<Record<string, unknown>> | Record<string, unknown>,
): StateDefinition {
  const { kind, table, ...rest } = definition;
  return {
    ...rest,
    returns: {
      [`${kind}_<id>`]: `The real id of the ${kind.replace('_', ' ')} the interactions call \`id\`.`,
    },
    setup: async (context, params) => {
      const id = await insert(context, table, await row(context, params));
      remember(context, kind, required(params, 'id'), id);
    },
  };
}

const MAP_ID = { map_id: 'The contract id of a map an earlier state created.' };
const LAYER_ID = { layer_id: 'The contract id of a layer an earlier state created.' };

/** A state for a part of the map on one of its layers (a search, a filter, a widget): its map and layer, and `values`. */
function layerPartState(
  definition: Parameters<typeof rowState>[0],
  values: (params: Params) => Record<string, unknown>,
): StateDefinition {
  return rowState(
    {
      ...definition,
      params: { ...MAP_ID, ...LAYER_ID, id: 'The id the interactions call it by.', ...definition.params },
    },
    (context, params) => ({
      map_id: resolve(context, 'map', params.map_id),
      layer_id: resolve(context, 'layer', params.layer_id),
      ...values(params),
    }),
  );
}

function bookmarkRow(context: StateContext, params: Params, userId: number) {
  return {
    map_id: resolve(context, 'map', params.map_id),
    user_id: userId,
    name: required(params, 'name'),
    center: json(params.center ?? [-9.13, 38.71]),
    zoom: params.zoom ?? 16,
  };
}

const BOOKMARK_PARAMS = {
  ...MAP_ID,
  id: 'The id the interactions call it by.',
  name: 'Its name.',
  'center?': '`[lon, lat]`.',
  'zoom?': 'Zoom level.',
};

export const MAP_STATES: StateDefinition[] = [
  rowState(
    {
      key: 'mapExists',
      name: 'a map exists',
      kind: 'map',
      table: 'maps',
      creates: 'A map (made by whoever is signed in, if anyone).',
      params: {
        id: 'The id the interactions call it by.',
        title: 'Its title.',
        'description?': 'Its description.',
        'center?': '`[lon, lat]`.',
        'zoom?': 'Zoom level.',
        'visibility?': '`private`, `signed_in` (default) or `public`.',
      },
    },
    (context, params) => ({
      title: required(params, 'title'),
      visibility: params.visibility ?? 'signed_in',
      description: optional(params, 'description'),
      center: json(params.center ?? [-9.14, 38.72]),
      zoom: params.zoom ?? 13,
      created_by: context.signedInUserId ?? null,
    }),
  ),
  rowState(
    {
      key: 'layerExists',
      name: 'a layer exists',
      kind: 'layer',
      table: 'layers',
      creates: 'A layer of the map, with the default style and this attribute schema.',
      params: {
        ...MAP_ID,
        id: 'The id the interactions call it by.',
        name: 'Its name.',
        'type?': '`vector` (default) or a raster type.',
        'geometry_type?': 'For a vector layer (default `Point`).',
        'category_id?': 'The contract id of a category an earlier state created.',
        'order?': 'Drawing order.',
        'properties?': 'Attribute schema: `[{name, label?, type?, required?, options?}]`.',
        'time_property?': "A `date` property of the schema that is the features' time.",
      },
    },
    (context, params) => {
      const type = String(params.type ?? 'vector');
      return {
        map_id: resolve(context, 'map', params.map_id),
        category_id:
          params.category_id === undefined || params.category_id === null
            ? null
            : resolve(context, 'category', params.category_id),
        name: required(params, 'name'),
        type,
        geometry_type: type === 'vector' ? (params.geometry_type ?? 'Point') : null,
        source:
          type === 'vector'
            ? null
            : json(params.source ?? { url: 'https://tiles.example.com/{z}/{x}/{y}.png' }),
        style: json(DEFAULT_STYLE),
        order: params.order ?? 0,
        properties: json(((params.properties ?? []) as PropertyParam[]).map(schemaEntry)),
        time_property: params.time_property ?? null,
      };
    },
  ),
  {
    key: 'featureExists',
    name: 'a feature exists',
    creates: 'A feature of the layer, with its `created` history entry by whoever is signed in.',
    params: {
      ...LAYER_ID,
      id: 'The id the interactions call it by.',
      geometry: 'GeoJSON geometry (WGS 84).',
      properties: 'Its attribute values.',
    },
    returns: { 'feature_<id>': 'The real id of the feature.' },
    setup: async (context, params) => {
      const layerId = resolve(context, 'layer', params.layer_id);
      const properties = params.properties ?? {};
      const feature = await insertFeature(context.db, {
        layerId,
        geometryJson: json(required(params, 'geometry')),
        properties,
        userId: context.signedInUserId ?? null,
      });
      const id = (feature as { id: number }).id;
      await context.db.query(
        `INSERT INTO feature_audits (layer_id, auditable_id, event, old_values, new_values, user_id)
         VALUES ($1, $2, 'created', NULL, $3, $4)`,
        [layerId, id, json(properties), context.signedInUserId ?? null],
      );
      remember(context, 'feature', params.id, id);
    },
  },
  rowState(
    {
      key: 'categoryExists',
      name: 'a category exists',
      kind: 'category',
      table: 'categories',
      creates: 'A layer category of the map.',
      params: {
        ...MAP_ID,
        id: 'The id the interactions call it by.',
        name: 'Its name.',
        'parent_id?': 'The contract id of a parent category an earlier state created.',
      },
    },
    (context, params) => ({
      map_id: resolve(context, 'map', params.map_id),
      name: required(params, 'name'),
      parent_id:
        params.parent_id === undefined || params.parent_id === null
          ? null
          : resolve(context, 'category', params.parent_id),
    }),
  ),
  layerPartState(
    {
      key: 'searchExists',
      name: 'a search exists',
      kind: 'search',
      table: 'searches',
      creates: 'A saved search of the map over the layer.',
      params: {
        name: 'Its name.',
        fields: 'The attribute names it searches.',
        operator: 'How it compares.',
      },
    },
    (params) => ({
      name: required(params, 'name'),
      fields: json(required(params, 'fields')),
      operator: required(params, 'operator'),
    }),
  ),
  layerPartState(
    {
      key: 'mainSearchExists',
      name: 'a main search exists',
      kind: 'main_search',
      table: 'main_searches',
      creates: 'A main search entry of the map over the layer.',
      params: {
        label: 'Its label.',
        fields: 'The attribute names it searches.',
        display_field: 'The attribute it shows.',
      },
    },
    (params) => ({
      label: required(params, 'label'),
      fields: json(required(params, 'fields')),
      display_field: required(params, 'display_field'),
    }),
  ),
  layerPartState(
    {
      key: 'filterExists',
      name: 'a filter exists',
      kind: 'filter',
      table: 'filters',
      creates: 'A filter of the map on one attribute of the layer.',
      params: {
        name: 'Its name.',
        property: 'The attribute it filters.',
        type: 'Its kind.',
        'options?': 'Its choices.',
      },
    },
    (params) => ({
      name: required(params, 'name'),
      property: required(params, 'property'),
      type: required(params, 'type'),
      options: params.options === undefined ? null : json(params.options),
    }),
  ),
  layerPartState(
    {
      key: 'widgetExists',
      name: 'a dashboard widget exists',
      kind: 'widget',
      table: 'dashboard_widgets',
      creates: 'A dashboard widget of the map on one layer.',
      params: {
        title: 'Its title.',
        kind: '`counter`, `category`, `histogram`, `time` or `table`.',
        'chart?': '`bar` (default) or `pie`.',
        'group_by?': 'Its grouping (null: one group).',
        metrics: 'Its metrics, e.g. `[{op: count}]`.',
      },
    },
    (params) => ({
      title: required(params, 'title'),
      kind: required(params, 'kind'),
      chart: params.chart ?? 'bar',
      group_by: json(params.group_by ?? null),
      metrics: json(required(params, 'metrics')),
    }),
  ),
  rowState(
    {
      key: 'ownBookmarkExists',
      name: 'a bookmark of the signed-in user exists',
      kind: 'bookmark',
      table: 'bookmarks',
      creates: 'A bookmark of the map owned by whoever is signed in.',
      params: BOOKMARK_PARAMS,
    },
    (context, params) =>
      bookmarkRow(context, params, signedIn(context, 'a bookmark of the signed-in user exists')),
  ),
  rowState(
    {
      key: 'othersBookmarkExists',
      name: 'a bookmark of another user exists',
      kind: 'bookmark',
      table: 'bookmarks',
      creates: 'A bookmark of the map owned by another (new) account.',
      params: BOOKMARK_PARAMS,
    },
    async (context, params) =>
      bookmarkRow(context, params, await anotherUser(context, 'Bookmark Owner', 'other')),
  ),
  {
    key: 'layerRelationExists',
    name: 'a layer relation exists',
    creates: 'A relation between two layers and, optionally, links between their features.',
    params: {
      id: 'The id the interactions call it by.',
      parent_layer_id: 'Contract id of the parent layer.',
      child_layer_id: 'Contract id of the child layer.',
      rule: 'How children are found.',
      'tolerance_m?': 'Distance tolerance in metres.',
      'links?': '`[[parent feature id, child feature id]]` (contract ids).',
    },
    returns: { 'relation_<id>': 'The real id of the relation.' },
    setup: async (context, params) => {
      const id = await insert(context, 'layer_relations', {
        parent_layer_id: resolve(context, 'layer', params.parent_layer_id),
        child_layer_id: resolve(context, 'layer', params.child_layer_id),
        rule: required(params, 'rule'),
        tolerance_m: optional(params, 'tolerance_m'),
      });
      for (const [parent, child] of (params.links ?? []) as Array<[number, number]>) {
        await context.db.query(
          'INSERT INTO feature_links (relation_id, parent_feature_id, child_feature_id) VALUES ($1, $2, $3)',
          [id, resolve(context, 'feature', parent), resolve(context, 'feature', child)],
        );
      }
      remember(context, 'relation', params.id, id);
    },
  },
  {
    key: 'featureFileExists',
    name: 'a feature file exists',
    creates: 'A file attached to the feature, its bytes stored where the server keeps files.',
    params: {
      feature_id: 'Contract id of the feature.',
      id: 'The id the interactions call it by.',
      name: 'File name.',
      mime_type: 'Its media type.',
      content: 'Its content (text).',
    },
    returns: { 'file_<id>': 'The real id of the file.' },
    setup: async (context, params) => {
      const featureId = resolve(context, 'feature', params.feature_id);
      const content = Buffer.from(String(required(params, 'content')));
      // The server's own key shape (features/<feature id>/<random>), which map and layer deletion clean up by.
      const storageKey = `features/${featureId}/pact-file-${randomToken()}`;
      const target = path.join(context.dataDir, 'files', storageKey);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
      const id = await insert(context, 'feature_files', {
        feature_id: featureId,
        name: required(params, 'name'),
        mime_type: required(params, 'mime_type'),
        size: content.length,
        storage_type: 'local',
        storage_key: storageKey,
        created_by: context.signedInUserId ?? null,
      });
      remember(context, 'file', params.id, id);
    },
  },
];
