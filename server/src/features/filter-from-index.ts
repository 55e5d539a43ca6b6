import type { components } from '@generated/openapi-types.ts';
import { withoutHiddenText } from '../access/layer-view.ts';
import type { Queryable } from '../db/database.ts';
import { toFeatureFile, type FeatureFileRow } from '../feature-files/file-records.ts';
import { COUNT_CAP } from './bounded-count.ts';
import { indexedFilesOf } from './layer-files.ts';
import type { PointFeatures, PointGrid } from './point-grid.ts';
import type { LayerVersion, PointsInBox } from './point-index.ts';
import { writtenJson } from './written-json.ts';

type LayerFilter = components['schemas']['LayerFilter'];
type FilterCondition = components['schemas']['FilterCondition'];
type Scalar = components['schemas']['FilterScalar'];

/** A stored property as the filters' SQL reads it: missing, JSON null, or a value. */
type Stored = unknown;

/**
 * Whether `equals` in SQL (feature-filters.ts: the stored JSON equals the value's JSON, or the
 * stored text equals the value's text) holds, for a stored value it can be told for here: a
 * string or a boolean compares by its text (`->>` gives `true`/`false`), a missing value or JSON
 * null never equals. A number or a structure is undefined: its JSON equality (numeric, key
 * order) is the database's to tell.
 */
function equalsStored(stored: Stored, value: Scalar): boolean | undefined {
  if (stored === undefined || stored === null) return false;
  if (typeof stored === 'string' || typeof stored === 'boolean') return String(stored) === String(value);
  return undefined;
}

/**
 * One condition over one feature's stored properties, exactly as its SQL decides it, or
 * undefined where that takes the database (numbers, text order and case, which follow its
 * collation).
 */
function holds(condition: FilterCondition, properties: Record<string, Stored>): boolean | undefined {
  const stored = Object.hasOwn(properties, condition.property) ? properties[condition.property] : undefined;
  switch (condition.operator) {
    case 'eq':
      return equalsStored(stored, condition.value as Scalar);
    case 'neq': {
      const equal = equalsStored(stored, condition.value as Scalar);
      return equal === undefined ? undefined : !equal;
    }
    case 'in':
      // `->>` text among the values' texts: none for a missing value or JSON null.
      if (stored === undefined || stored === null) return false;
      if (typeof stored !== 'string' && typeof stored !== 'boolean') return undefined;
      return (condition.value as Scalar[]).some((value) => String(value) === String(stored));
    default:
      return undefined;
  }
}

/** A matching point of one entry's layer: its index in the layer's point index. */
export interface IndexedMatch {
  grid: PointGrid & { features: PointFeatures };
  index: number;
  layerId: number;
}

/**
 * The filters panel's matches from the layers' point indexes (point-index.ts), in the order the
 * database pages them (layer, then id), when every entry can be answered there: a box over a
 * big point layer of now, no time range, each layer named once, conditions that read the same
 * here as in SQL, and no more matches than a count is exact for (COUNT_CAP). Undefined: the
 * database answers, as before. The entries are already checked (layersFilterProblems);
 * `inBoxes` holds each entry's points in its box, where a point index picked them.
 */
export function indexedFilterMatches(
  layersFilter: readonly LayerFilter[],
  inBoxes: readonly (PointsInBox | undefined)[],
): IndexedMatch[] | undefined {
  const entries = layersFilter
    .map((entry, at) => ({ entry, inBox: inBoxes[at] }))
    .sort((a, b) => a.entry.layer_id - b.entry.layer_id);
  if (new Set(entries.map(({ entry }) => entry.layer_id)).size !== entries.length) return undefined;
  const matches: IndexedMatch[] = [];
  for (const { entry, inBox } of entries) {
    if (!inBox || entry.datetime !== undefined) return undefined;
    const { grid, indexes } = inBox;
    for (const index of indexes) {
      let all = true;
      if (entry.filters.length > 0) {
        const properties = JSON.parse(grid.features.properties[index] ?? '{}') as Record<string, Stored>;
        for (const condition of entry.filters) {
          const held = holds(condition, properties);
          if (held === undefined) return undefined;
          if (!held) {
            all = false;
            break;
          }
        }
      }
      if (!all) continue;
      matches.push({ grid, index, layerId: entry.layer_id });
      if (matches.length > COUNT_CAP) return undefined;
    }
  }
  return matches;
}

const personText = (value: number) => (Number.isNaN(value) ? 'null' : String(value));

/**
 * Characters of written features kept per point index (written below), about 32–64 MB: every
 * point of a layer of 100,000, a tenth of one of a million.
 */
const WRITTEN_KEPT_MAX_CHARS = 32 * 1024 * 1024;

/** Sets of hidden properties a point index keeps written features for (callers under rules). */
const WRITTEN_KEPT_MAX_VIEWS = 8;

/**
 * Each point's feature as the filters panel writes it, up to its files, for each set of hidden
 * properties it was written without (`''`: none), kept with its index version the first time a
 * page shows it (until WRITTEN_KEPT_MAX_CHARS over all of them): writing it again from the
 * stored text (two texts rewritten, two dates) was most of what a box cost this thread.
 */
const written = new WeakMap<PointGrid, { views: Map<string, (string | undefined)[]>; chars: number }>();

/** The properties hidden from a caller on a layer, and which written features they read. */
interface View {
  hidden: ReadonlySet<string>;
  /** The names, sorted (`''`: none). */
  key: string;
}

const viewOf = (hidden: ReadonlySet<string>): View => ({
  hidden,
  key: hidden.size === 0 ? '' : JSON.stringify([...hidden].sort()),
});

/**
 * A point's feature's properties as the answer writes them: the stored text as JSON.stringify
 * writes it again (writtenJson, nothing parsed where that is plain), or, with properties hidden
 * from the caller, written again without them (withoutHiddenText).
 */
function writtenProperties(text: string, hidden: ReadonlySet<string>): string {
  return hidden.size === 0 ? writtenJson(text) : withoutHiddenText(text, hidden);
}

/**
 * A point's feature as the answer writes the object of indexedFeatureRow without its files
 * (toFeature's keys in its order, then the comma before `files`), from the text the index keeps:
 * its geometry as JSON.stringify writes it again and its properties as the caller may see them.
 */
function featureTextBeforeFiles(match: IndexedMatch, { hidden, key }: View): string {
  const { grid, index, layerId } = match;
  let kept = written.get(grid);
  const known = kept?.views.get(key)?.[index];
  if (known !== undefined) return known;
  const { features } = grid;
  const geometry = writtenJson(features.geometries[index] ?? 'null');
  const properties = writtenProperties(features.properties[index] ?? '{}', hidden);
  const createdAt = new Date(features.createdAt[index] as number).toISOString();
  const updatedAt = new Date(features.updatedAt[index] as number).toISOString();
  const text = `{"type":"Feature","id":${grid.ids[index]},"layer_id":${layerId},"geometry":${geometry},"properties":${properties},"created_by":${personText(features.createdBy[index] as number)},"updated_by":${personText(features.updatedBy[index] as number)},"created_at":"${createdAt}","updated_at":"${updatedAt}",`;
  if (!kept) {
    kept = { views: new Map(), chars: 0 };
    written.set(grid, kept);
  }
  let texts = kept.views.get(key);
  if (!texts && kept.views.size < WRITTEN_KEPT_MAX_VIEWS) {
    texts = new Array<string | undefined>(grid.size);
    kept.views.set(key, texts);
  }
  if (texts && kept.chars + text.length <= WRITTEN_KEPT_MAX_CHARS) {
    texts[index] = text;
    kept.chars += text.length;
  }
  return text;
}

/** A point's feature with its files, as the answer writes it. */
function indexedFeatureText(match: IndexedMatch, view: View, files: readonly FeatureFileRow[]): string {
  return `${featureTextBeforeFiles(match, view)}"files":${files.length === 0 ? '[]' : JSON.stringify(files.map(toFeatureFile))}}`;
}

/**
 * The attachments of a page of matches, as filesOf answers them: from what is kept beside each
 * layer's point index (layer-files.ts) where the layer's files version is still the one kept.
 */
async function indexedPageFiles(
  db: Queryable,
  page: readonly IndexedMatch[],
  layers: ReadonlyMap<number, LayerVersion>,
): Promise<Map<number, FeatureFileRow[]>> {
  const files = new Map<number, FeatureFileRow[]>();
  for (const layerId of new Set(page.map((match) => match.layerId))) {
    const ofLayer = page.filter((match) => match.layerId === layerId);
    const layer = layers.get(layerId);
    const grid = ofLayer[0]?.grid;
    if (!layer || !grid) continue;
    const ids = ofLayer.map((match) => match.grid.ids[match.index] as number);
    for (const [id, rows] of await indexedFilesOf(db, grid, layer, ids)) files.set(id, rows);
  }
  return files;
}

/**
 * One page of matches as the features' JSON text, byte for byte what their rows as the index
 * gives them (indexedFeatureRow) with their files (withFiles) are sent as, once the properties
 * hidden from the caller (`hiddenOf` a layer) are left out of each.
 */
export async function indexedFilterPageText(
  db: Queryable,
  matches: readonly IndexedMatch[],
  layers: ReadonlyMap<number, LayerVersion>,
  hiddenOf: (layerId: number) => ReadonlySet<string>,
  limit: number,
  offset: number,
): Promise<string[]> {
  const page = matches.slice(offset, offset + limit);
  const files = await indexedPageFiles(db, page, layers);
  const views = new Map<number, View>();
  return page.map((match) => {
    let view = views.get(match.layerId);
    if (!view) views.set(match.layerId, (view = viewOf(hiddenOf(match.layerId))));
    return indexedFeatureText(match, view, files.get(match.grid.ids[match.index] as number) ?? []);
  });
}
