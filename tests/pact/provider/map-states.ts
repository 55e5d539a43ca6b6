import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../server/src/db/database.ts';
import { DEFAULT_STYLE } from '../../../server/test-support/map-fixtures.ts';
import { STATES } from '../states.ts';
import type { PactContext } from './provider-states.ts';

type Params = Record<string, unknown>;

function value(params: Params, key: string): unknown {
  if (params[key] === undefined) throw new Error(`provider state parameter "${key}" is missing`);
  return params[key];
}

function integer(params: Params, key: string): number {
  const found = Number(value(params, key));
  if (!Number.isInteger(found)) throw new Error(`provider state parameter "${key}" is not an integer`);
  return found;
}

const optional = (params: Params, key: string): unknown => params[key] ?? null;
const json = (data: unknown): string => JSON.stringify(data);

/** After rows with explicit ids, the table's sequence moves past them so the server's own inserts do not collide. */
async function bumpSequence(db: Database, table: string): Promise<void> {
  await db.query(
    `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT greatest(max(id), 1) FROM ${table}))`,
  );
}

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

/**
 * Maps-domain provider states (tests/pact/states.ts documents their params). Rows are written
 * straight to the tables of migration 002 with the ids the consumer named.
 */
export function createMapStateHandlers(
  db: Database,
  context: PactContext,
  filesDir: string,
): Record<string, (params: Params) => Promise<void>> {
  const signedInUserId = () => context.session?.userId ?? null;

  async function insert(table: string, columns: string[], values: unknown[]): Promise<void> {
    const quoted = columns.map((column) => `"${column}"`).join(', ');
    const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
    await db.query(`INSERT INTO ${table} (${quoted}) VALUES (${placeholders})`, values);
    await bumpSequence(db, table);
  }

  return {
    [STATES.mapExists]: (params) =>
      insert(
        'maps',
        ['id', 'title', 'description', 'center', 'zoom', 'created_by'],
        [
          integer(params, 'id'),
          value(params, 'title'),
          optional(params, 'description'),
          json(params.center ?? [-9.14, 38.72]),
          params.zoom ?? 13,
          signedInUserId(),
        ],
      ),
    [STATES.layerExists]: (params) => {
      const type = String(params.type ?? 'vector');
      const properties = ((params.properties ?? []) as PropertyParam[]).map(schemaEntry);
      return insert(
        'layers',
        [
          'id',
          'map_id',
          'category_id',
          'name',
          'type',
          'geometry_type',
          'source',
          'style',
          'order',
          'properties',
        ],
        [
          integer(params, 'id'),
          integer(params, 'map_id'),
          optional(params, 'category_id'),
          value(params, 'name'),
          type,
          type === 'vector' ? (params.geometry_type ?? 'Point') : null,
          type === 'vector'
            ? null
            : json(params.source ?? { url: 'https://tiles.example.com/{z}/{x}/{y}.png' }),
          json(DEFAULT_STYLE),
          params.order ?? 0,
          json(properties),
        ],
      );
    },
    [STATES.featureExists]: async (params) => {
      const id = integer(params, 'id');
      const layerId = integer(params, 'layer_id');
      const properties = params.properties ?? {};
      await db.query(
        `INSERT INTO features (id, layer_id, geom, properties, created_by, updated_by)
         VALUES ($1, $2, ST_SetSRID(ST_GeomFromGeoJSON($3), 4326), $4, $5, $5)`,
        [id, layerId, json(value(params, 'geometry')), json(properties), signedInUserId()],
      );
      await bumpSequence(db, 'features');
      await db.query(
        `INSERT INTO feature_audits (layer_id, auditable_id, event, old_values, new_values, user_id)
         VALUES ($1, $2, 'created', NULL, $3, $4)`,
        [layerId, id, json(properties), signedInUserId()],
      );
    },
    [STATES.categoryExists]: (params) =>
      insert(
        'categories',
        ['id', 'map_id', 'name', 'parent_id'],
        [
          integer(params, 'id'),
          integer(params, 'map_id'),
          value(params, 'name'),
          optional(params, 'parent_id'),
        ],
      ),
    [STATES.searchExists]: (params) =>
      insert(
        'searches',
        ['id', 'map_id', 'layer_id', 'name', 'fields', 'operator'],
        [
          integer(params, 'id'),
          integer(params, 'map_id'),
          integer(params, 'layer_id'),
          value(params, 'name'),
          json(value(params, 'fields')),
          value(params, 'operator'),
        ],
      ),
    [STATES.mainSearchExists]: (params) =>
      insert(
        'main_searches',
        ['id', 'map_id', 'layer_id', 'label', 'fields', 'display_field'],
        [
          integer(params, 'id'),
          integer(params, 'map_id'),
          integer(params, 'layer_id'),
          value(params, 'label'),
          json(value(params, 'fields')),
          value(params, 'display_field'),
        ],
      ),
    [STATES.filterExists]: (params) =>
      insert(
        'filters',
        ['id', 'map_id', 'layer_id', 'name', 'property', 'type', 'options'],
        [
          integer(params, 'id'),
          integer(params, 'map_id'),
          integer(params, 'layer_id'),
          value(params, 'name'),
          value(params, 'property'),
          value(params, 'type'),
          params.options === undefined ? null : json(params.options),
        ],
      ),
    [STATES.ownBookmarkExists]: async (params) => {
      const owner = signedInUserId();
      if (owner === null) throw new Error(`"${STATES.ownBookmarkExists}" needs a signed-in state before it`);
      await insertBookmark(params, owner);
    },
    [STATES.othersBookmarkExists]: async (params) => {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO users (name, email, password_hash, type)
         VALUES ('Bookmark Owner', 'bookmark.owner@pact.example.com', 'not-a-password-hash', 'user') RETURNING id`,
      );
      await insertBookmark(params, (rows[0] as { id: number }).id);
    },
    [STATES.layerRelationExists]: async (params) => {
      const id = integer(params, 'id');
      await insert(
        'layer_relations',
        ['id', 'parent_layer_id', 'child_layer_id', 'rule', 'tolerance_m'],
        [
          id,
          integer(params, 'parent_layer_id'),
          integer(params, 'child_layer_id'),
          value(params, 'rule'),
          optional(params, 'tolerance_m'),
        ],
      );
      for (const [parent, child] of (params.links ?? []) as Array<[number, number]>) {
        await db.query(
          'INSERT INTO feature_links (relation_id, parent_feature_id, child_feature_id) VALUES ($1, $2, $3)',
          [id, parent, child],
        );
      }
    },
    [STATES.featureFileExists]: async (params) => {
      const id = integer(params, 'id');
      const content = Buffer.from(String(value(params, 'content')));
      // The server's own key shape (features/<feature id>/<random>), which map and layer deletion clean up by.
      const storageKey = `features/${integer(params, 'feature_id')}/pact-file-${id}`;
      await mkdir(path.dirname(path.join(filesDir, storageKey)), { recursive: true });
      await writeFile(path.join(filesDir, storageKey), content);
      await insert(
        'feature_files',
        ['id', 'feature_id', 'name', 'mime_type', 'size', 'storage_type', 'storage_key', 'created_by'],
        [
          id,
          integer(params, 'feature_id'),
          value(params, 'name'),
          value(params, 'mime_type'),
          content.length,
          'local',
          storageKey,
          signedInUserId(),
        ],
      );
    },
  };

  async function insertBookmark(params: Params, userId: number): Promise<void> {
    await insert(
      'bookmarks',
      ['id', 'map_id', 'user_id', 'name', 'center', 'zoom'],
      [
        integer(params, 'id'),
        integer(params, 'map_id'),
        userId,
        value(params, 'name'),
        json(params.center ?? [-9.13, 38.71]),
        params.zoom ?? 16,
      ],
    );
  }
}
