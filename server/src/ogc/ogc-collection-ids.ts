import type { Queryable } from '../db/database.ts';
import { cachedMap } from '../maps/map-cache.ts';

interface NamedLayer {
  id: number;
  name: string;
}

/** `Service points` → `service-points`; accents dropped; a name with no letters or digits left is `layer-{id}`. */
export function slugOf(layer: NamedLayer): string {
  const slug = layer.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  // All digits would read as a layer id.
  if (slug === '' || /^\d+$/.test(slug)) return `layer-${slug || layer.id}`;
  return slug;
}

/**
 * Each layer's collection id: the slug of its name, readable in GDAL's and QGIS's layer
 * lists. Of two layers of a map with the same slug, the first in the map's order keeps it
 * and the others add their id (`pipes-12`), so an id stays with its layer while names do.
 */
export function collectionIds(layers: readonly NamedLayer[]): Map<number, string> {
  const taken = new Set<string>();
  const ids = new Map<number, string>();
  for (const layer of layers) {
    let id = slugOf(layer);
    if (taken.has(id)) id = `${id}-${layer.id}`;
    taken.add(id);
    ids.set(layer.id, id);
  }
  return ids;
}

/** The map's vector layers (the collections), in the map's order, named. */
export async function namedVectorLayers(db: Queryable, mapId: number): Promise<NamedLayer[]> {
  const kept = await cachedMap(db, mapId);
  if (kept !== undefined)
    return (kept?.layers ?? [])
      .filter((layer) => layer.type === 'vector' && !layer.importing)
      .map(({ id, name }) => ({ id, name }));
  return db.query<NamedLayer>(
    `SELECT l.id, l.name FROM layers l
     WHERE l.map_id = $1 AND l.type = 'vector' AND l.import_job_id IS NULL ORDER BY l."order", l.id`,
    [mapId],
  );
}

/** The layer id a collection id names: a slug, or the numeric layer id as before. */
export async function layerIdOf(db: Queryable, mapId: number, collectionId: string): Promise<number> {
  if (/^\d+$/.test(collectionId)) return Number(collectionId);
  const layers = await namedVectorLayers(db, mapId);
  for (const [id, slug] of collectionIds(layers)) if (slug === collectionId) return id;
  return 0;
}
