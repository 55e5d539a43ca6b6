import { canOn, type AppAbility } from '@shared/access/abilities.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../domain-errors.ts';
import type { PageEnvelope } from '@shared/http/pagination.ts';
import { LAYER_COLUMNS, type FeatureBody } from '../maps/records.ts';
import { countAt, pastCandidatesSql, type IdBound } from './as-of.ts';
import { COUNT_CAP, estimatedCount } from './bounded-count.ts';
import { layerWhere, pageEnvelopeOf, type LayerPageRequest } from './feature-page.ts';
import { cutByBudget, featurePageSql, type FeatureRowWithFiles } from './feature-rows.ts';
import { knownPageStart } from './page-anchors.ts';

/** What a features page needs to know of its layer before it can be read. */
interface LayerShape {
  featuresCount: number;
  versionKey: string;
}

/** The layers' shapes as last read, so a numbered page can be planned before reading its layer. */
const lastSeen = new Map<number, LayerShape>();
const LAYERS_KEPT = 256;

export function rememberLayerShape(layerId: number, shape: LayerShape): void {
  lastSeen.delete(layerId);
  lastSeen.set(layerId, shape);
  if (lastSeen.size > LAYERS_KEPT) lastSeen.delete(lastSeen.keys().next().value ?? layerId);
}

type PageRequest = Omit<LayerPageRequest, 'layerId' | 'featuresCount' | 'versionKey' | 'sort'>;

interface Plan {
  /** Narrows the page's ids (a cursor or an anchor), or '' for none. */
  condition: string;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
  /** The layer shape the plan took for granted (numbered pages of the whole layer). */
  assumed?: LayerShape;
}

/**
 * The page's ids, in its order, from the layer (`$1`, and `$2` the search pattern) or, for a
 * search with no more matches than the cap, from those matches (the `capped` query).
 */
function idsSql(chosen: Plan, where: string, from: 'layer' | 'capped' | 'past'): string {
  const condition = chosen.condition ? ` AND ${chosen.condition}` : '';
  const source =
    from === 'capped' ? `capped ft WHERE true` : `${from === 'past' ? 'past' : 'features'} ft WHERE ${where}`;
  return `SELECT ft.id FROM ${source}${condition} ORDER BY ft.id ${chosen.order}`;
}

/** The page's ids without knowing the layer, or undefined when that cannot be planned ahead. */
function plan(db: Queryable, layerId: number, request: PageRequest): Plan | undefined {
  const { page, perPage, search } = request;
  if (request.afterId !== undefined)
    return { condition: `ft.id > ${Number(request.afterId)}`, order: 'ASC', limit: perPage, offset: 0 };
  if (request.beforeId !== undefined)
    return { condition: `ft.id < ${Number(request.beforeId)}`, order: 'DESC', limit: perPage, offset: 0 };
  const offset = (page - 1) * perPage;
  // A search's numbered page is an offset into its matches, which are capped or rare.
  if (page === 1 || search) return { condition: '', order: 'ASC', limit: perPage, offset };
  const assumed = lastSeen.get(layerId);
  if (!assumed) return undefined;
  const lastPage = Math.max(1, Math.ceil(assumed.featuresCount / perPage));
  if (page > lastPage) return undefined;
  if (page === lastPage)
    return {
      condition: '',
      order: 'DESC',
      limit: assumed.featuresCount - (lastPage - 1) * perPage,
      offset: 0,
      assumed,
    };
  const start = knownPageStart(db, layerId, assumed.versionKey, offset);
  if (start === null) return undefined;
  return start
    ? { condition: `ft.id >= ${start.fromId}`, order: 'ASC', limit: perPage, offset: start.skip, assumed }
    : { condition: '', order: 'ASC', limit: perPage, offset, assumed };
}

interface Row {
  layer_row: { features_count: number; version: number | string; created_at: string } | null;
  page_rows: FeatureRowWithFiles[] | null;
  matched: number | null;
  /** For a page of the past: how many candidate ids it rebuilt (pastCandidatesSql). */
  candidates: number | null;
}

/**
 * A features page in one statement: the map, its layer and the page's rows (with their files,
 * and for a search the capped count of matches) come back together. Taken when the caller's
 * right to read does not depend on the map's row (every role today) and the page can be planned
 * without the layer (cursors, first pages, searches, and numbered pages of a layer whose shape
 * is remembered and still holds). Otherwise undefined: the caller takes the step-by-step path.
 */
export async function layerPageInOneStatement(
  db: Queryable,
  ability: AppAbility,
  mapId: number,
  layerId: number,
  request: PageRequest,
): Promise<PageEnvelope<FeatureBody> | undefined> {
  // Rights are held per map and narrowed per layer: the caller reads this map and the features
  // of this layer (else the long way answers the 404). Hidden properties are left out of the
  // rows by the caller (a search by a caller with hidden properties does not come here).
  if (
    !canOn(ability, 'read', 'Map', { id: mapId }) ||
    !canOn(ability, 'read', 'Feature', { map_id: mapId, layer_id: layerId })
  )
    return undefined;
  const { asOf } = request;
  // A page of the past here is a first page or one by cursor, of the whole layer: the rebuild of
  // a few candidate ids beyond the cursor, in the same statement. Others take the long way.
  const pastBound: IdBound =
    request.afterId !== undefined
      ? { after: Number(request.afterId) }
      : request.beforeId !== undefined
        ? { before: Number(request.beforeId) }
        : undefined;
  if (asOf && (request.search || (pastBound === undefined && request.page !== 1))) return undefined;
  const { where, params } = layerWhere(layerId, request.search);
  const chosen = plan(db, layerId, request);
  if (!chosen) return undefined;
  const at = asOf ? `$${params.push(asOf.toISOString())}` : undefined;
  const map = `$${params.length + 1}`;
  // The first round of a page of the past (feature-page.ts reads more rounds when it comes short).
  const candidates = chosen.limit + 1;
  const past = at
    ? `, cand AS MATERIALIZED (${pastCandidatesSql('$1', at, pastBound, candidates)}),
       past AS MATERIALIZED (SELECT * FROM features_at_ids($1::int, ${at}::timestamptz, ARRAY(SELECT id FROM cand)))`
    : '';
  // Any COUNT_CAP + 1 matches, in no order: the scan stops there, so a search matching most of
  // a layer reads that many rows, not all of them and a sort. Up to the cap they are all the
  // matches, and the page is read from them.
  const capped = request.search
    ? `, capped AS MATERIALIZED (SELECT ft.id FROM features ft WHERE ${where} LIMIT ${COUNT_CAP + 1})`
    : '';
  const [row] = await db.query<Row>(
    `WITH ml AS (
       SELECT m.id, (SELECT to_jsonb(x) FROM (SELECT ${LAYER_COLUMNS} FROM layers l
         WHERE l.id = $1 AND l.map_id = m.id AND l.import_job_id IS NULL) x) AS layer_row
       FROM maps m WHERE m.id = ${map}
     )${capped}${past}
     SELECT ml.layer_row,
       CASE WHEN ml.layer_row IS NULL THEN NULL ELSE (SELECT json_agg(p) FROM (
         ${featurePageSql(idsSql(chosen, where, at ? 'past' : request.search ? 'capped' : 'layer'), `ft.id ${chosen.order}`, chosen.limit, chosen.offset, true, at ? 'past' : 'features')}
       ) p) END AS page_rows,
       ${request.search ? '(SELECT count(*)::int FROM capped)' : 'NULL::int'} AS matched,
       ${at ? '(SELECT count(*)::int FROM cand)' : 'NULL::int'} AS candidates
     FROM ml`,
    [...params, mapId],
  );
  if (!row || !row.layer_row) throw notFound();
  const layer = row.layer_row;
  const shape = {
    featuresCount: Number(layer.features_count),
    versionKey: `${String(layer.version)}:${new Date(layer.created_at).getTime()}`,
  };
  rememberLayerShape(layerId, shape);
  // The layer changed since it was last seen: its numbered pages are planned afresh.
  if (
    chosen.assumed &&
    (chosen.assumed.featuresCount !== shape.featuresCount || chosen.assumed.versionKey !== shape.versionKey)
  )
    return undefined;
  // A page of the past whose candidates were partly made since the moment, with more beyond:
  // the long way reads further rounds.
  const pastRows = row.page_rows ?? [];
  if (
    asOf &&
    pastRows.length < chosen.limit &&
    !cutByBudget(pastRows) &&
    Number(row.candidates) >= candidates
  )
    return undefined;
  const overCap = row.matched !== null && row.matched > COUNT_CAP;
  // More matches than are counted exactly: the planner estimates the total, and the capped
  // matches are only some of them, so the page is read from the layer.
  const total = asOf
    ? await countAt(db, layerId, asOf, shape.versionKey)
    : overCap
      ? await estimatedCount(db, where, params)
      : (row.matched ?? shape.featuresCount);
  const lastPage = Math.max(1, Math.ceil(total / request.perPage));
  if (request.page > lastPage) return pageEnvelopeOf(request, [], total, undefined);
  const read = overCap
    ? await db.query<FeatureRowWithFiles>(
        featurePageSql(
          idsSql(chosen, where, 'layer'),
          `ft.id ${chosen.order}`,
          chosen.limit,
          chosen.offset,
          true,
        ),
        params,
      )
    : (row.page_rows ?? []);
  // Every plan reads ids in one direction; the page shows them ascending.
  const cut = cutByBudget(read) ? (chosen.order === 'ASC' ? 'after' : 'before') : undefined;
  return pageEnvelopeOf(
    request,
    read.sort((a, b) => a.id - b.id),
    total,
    undefined,
    cut,
  );
}
