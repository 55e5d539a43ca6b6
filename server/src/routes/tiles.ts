import { createHash } from 'node:crypto';
import { hiddenPropertiesOf, withoutHidden } from '../access/layer-view.ts';
import { parseMoment } from '../features/as-of.ts';
import { mapLayerForFeatures } from '../features/feature-access.ts';
import { notFound } from '../http/http-error.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { tileCells, usesGrid } from '../tiles/feature-grid.ts';
import { gridVersionFor } from '../tiles/layer-grid.ts';
import { tileCacheFor, tileKey } from '../tiles/tile-cache.ts';
import { encodeTile } from '../tiles/tile-encode.ts';
import { thinsFromIndex } from '../tiles/tile-points.ts';
import { tileRows } from '../tiles/tile-query.ts';

const CACHE_CONTROL = 'private, max-age=0, must-revalidate';

const digestOf = (tile: Uint8Array | undefined) =>
  tile ? createHash('sha256').update(tile).digest('base64url').slice(0, 16) : 'empty';

/**
 * Vector tiles of a vector layer, revalidated by the layer's version (bumped by every feature
 * change) and kept in memory under that version. Low zooms of big point layers are read from
 * the layer's grid, whose version joins the layer's in the ETag and the cache key: when the
 * grid catches up with an edit, the same tile changes.
 */
export const routeHandlers = typedHandlers({
  async getLayerTile({ services: { db, log }, auth, params, query, request }) {
    const { layer } = await mapLayerForFeatures(db, auth.ability, params.id, params.layer_id, 'read');
    const { z, x, y } = params;
    if (layer.type !== 'vector' || x >= 2 ** z || y >= 2 ** z) throw notFound();
    // A moment not yet past is the layer as it is now.
    const moment = parseMoment(query.as_of, 'as_of');
    const asOf = moment && moment.getTime() < Date.now() ? moment : undefined;
    // Thinned from the layer's point index in memory, the tile needs no grid from the database.
    const gridVersion =
      !asOf && usesGrid(layer, z) && !thinsFromIndex(db, layer, z, x, y)
        ? await gridVersionFor(db, layer, (error) =>
            log.error({ err: error, layer: layer.id }, 'building the tile grid failed'),
          )
        : undefined;
    const grid = gridVersion === undefined ? undefined : { version: gridVersion, cells: tileCells(z, x, y) };
    // The past does not change: its tiles are named (and cached) by their moment, whatever
    // the layer's version is now.
    const version = asOf
      ? `at${asOf.getTime()}`
      : grid
        ? `${layer.version}-${grid.version}`
        : String(layer.version);
    const hidden = hiddenPropertiesOf(auth.access, layer.id);
    const held = String(request.headers['if-none-match'] ?? '');
    const fresh = (etag: string) => held.split(',').some((tag) => tag.trim() === etag);
    // Without hidden properties the layer's version names the tile, so a revalidation needs no
    // tile at all.
    const versionTag = `W/"${layer.id}-${version}"`;
    if (hidden.size === 0 && fresh(versionTag))
      return { status: 304, headers: { ETag: versionTag, 'Cache-Control': CACHE_CONTROL } };
    // The shared tile cache keeps a tile per set of hidden properties: the one with every
    // property, and one without each set some callers may not read (callers under the same
    // rules share it).
    const without = [...hidden].sort();
    const key =
      tileKey({ ...layer, version }, z, x, y) + (without.length ? `:-${JSON.stringify(without)}` : '');
    const tile = await tileCacheFor(db).get(key, async () => {
      const rows = await tileRows(db, layer, z, x, y, grid, asOf);
      return encodeTile(
        layer.id,
        hidden.size === 0
          ? rows
          : rows.map((row) => ({ ...row, properties: withoutHidden(row.properties, hidden) })),
      );
    });
    // A caller who may not read some properties gets a tile without them, named by what it holds:
    // a browser that kept the full tile (another account, or before a rule) must not be told
    // it is still good, and the name says nothing about the values left out.
    const etag = hidden.size === 0 ? versionTag : `W/"${layer.id}-${version}-${digestOf(tile)}"`;
    const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
    if (fresh(etag)) return { status: 304, headers };
    if (!tile) return { status: 204, headers };
    return {
      status: 200,
      headers: { ...headers, 'Content-Type': 'application/vnd.mapbox-vector-tile' },
      body: tile,
    };
  },
});
