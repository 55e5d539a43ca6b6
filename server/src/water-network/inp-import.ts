import type { Database, Queryable } from '../db/database.ts';
import { insertFeaturesSql } from '../features/features-store.ts';
import { invalid } from '../domain-errors.ts';
import { msg, type Message } from '../i18n/messages.ts';
import {
  insertImportedLayer,
  refreshFeatureStatistics,
  settleGeometryType,
} from '../imports/import-layer.ts';
import type { InferredProperty } from '../imports/schema-inference.ts';
import { LAYER_COLUMNS, type LayerRow } from '../maps/records.ts';
import { prepareGrid } from '../tiles/layer-grid.ts';
import { DEFAULT_HYDRAULICS } from '@shared/water-network/hydraulic-settings.ts';
import { plan, type Feature } from './inp-layers.ts';
import type { InpModel } from './inp-reader.ts';
import { separateSharedPoints } from './inp-shared-points.ts';
import { storeWaterNetwork, waterNetworkOf, type WaterNetworkConfig } from './network-config.ts';

/** Pipe ends, valves and nodes closer than this (m) are one point of the graph. */
const IMPORT_TOLERANCE_M = 0.01;
const BATCH = 1000;

export interface InpImportResult {
  layers: LayerRow[];
  network: WaterNetworkConfig;
  counts: { junctions: number; reservoirs: number; tanks: number; pipes: number; valves: number };
  warnings: Message[];
}

function warningsOf(model: InpModel, shared: string[]): Message[] {
  const warnings: Message[] = [];
  if (model.ignored.length > 0)
    warnings.push(msg('water_network_inp.ignored_sections', { sections: model.ignored.join(', ') }));
  const control = model.links.filter((link) => link.kind === 'valve').map((link) => link.id);
  if (control.length > 0)
    warnings.push(msg('water_network_inp.valves_as_links', { ids: control.slice(0, 20).join(', ') }));
  if (shared.length > 0)
    warnings.push(msg('water_network_inp.shared_points', { ids: shared.slice(0, 20).join(', ') }));
  return warnings;
}

export interface Crs {
  srid: number;
  /** Coordinate units in a metre: about 1/111,000 for degrees, 1 for a metric projection. */
  unitsPerMetre: number;
}

/** The CRS as PostGIS knows it, or a 422 on `crs` when it does not. */
export async function crsOf(db: Queryable, crs: string | undefined): Promise<Crs> {
  const match = /^EPSG:(\d{1,6})$/i.exec((crs ?? 'EPSG:4326').trim());
  const srid = match ? Number(match[1]) : 0;
  const known =
    srid > 0
      ? await db.query<{ proj4text: string | null }>(
          'SELECT proj4text FROM spatial_ref_sys WHERE srid = $1',
          [srid],
        )
      : [];
  const row = known[0];
  if (!row) throw invalid({ crs: [msg('water_network_inp.crs', { crs: crs ?? '' })] });
  const proj = row.proj4text ?? '';
  const feet = /\+units=(us-)?ft\b/.test(proj);
  return { srid, unitsPerMetre: proj.includes('+proj=longlat') ? 1 / 111_000 : feet ? 1 / 0.3048 : 1 };
}

async function store(tx: Queryable, layerId: number, userId: number, srid: number, features: Feature[]) {
  for (let start = 0; start < features.length; start += BATCH)
    await tx.query(
      insertFeaturesSql(
        {
          layer: '$1',
          geom: "ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(e -> 'g'), $3::int), 4326)",
          properties: "e -> 'p'",
          user: '$2',
        },
        'jsonb_array_elements($4::jsonb) e',
      ),
      [layerId, userId, srid, JSON.stringify(features.slice(start, start + BATCH))],
    );
}

/**
 * Adds the model's layers to the map and makes them its water network, with hydraulic settings
 * naming the properties written here, all in one transaction: coordinates that do not land on
 * the earth in the given CRS are a 422 and leave nothing behind.
 */
export async function importInp(
  db: Database,
  request: { mapId: number; userId: number; crs: Crs; model: InpModel },
): Promise<InpImportResult> {
  const { mapId, userId, model } = request;
  const { srid } = request.crs;
  const shared = separateSharedPoints(model, request.crs.unitsPerMetre);
  const plans = plan(model).filter((layer) => layer.features.length > 0);
  const result = await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const layer of plans) {
      const schema: InferredProperty[] = layer.schema.map(([name, type]) => ({ name, source: name, type }));
      const id = await insertImportedLayer(tx, { mapId, categoryId: null, name: layer.name }, schema);
      await tx.query(`UPDATE layers SET style = style || $2::jsonb WHERE id = $1`, [
        id,
        JSON.stringify({ stroke_color: layer.color, fill_color: `${layer.color}99` }),
      ]);
      try {
        await store(tx, id, userId, srid, layer.features);
      } catch {
        // PostGIS could not take the coordinates into EPSG:4326 from the given CRS.
        throw invalid({ crs: [msg('water_network_inp.off_earth', { srid })] });
      }
      await settleGeometryType(tx, id);
      ids.set(layer.name, id);
    }
    const [box] = await tx.query<{ inside: boolean }>(
      `SELECT coalesce(bool_and(ST_XMin(geom) >= -180 AND ST_XMax(geom) <= 180 AND ST_YMin(geom) >= -90
         AND ST_YMax(geom) <= 90), true) AS inside FROM features WHERE layer_id = ANY($1::int[])`,
      [[...ids.values()]],
    );
    if (!box?.inside) throw invalid({ crs: [msg('water_network_inp.off_earth', { srid })] });
    const junctions = ids.get('Junctions');
    const hydraulics = {
      ...DEFAULT_HYDRAULICS,
      source_layer_id: ids.get('Reservoirs and tanks') ?? null,
      service_layer_ids: junctions === undefined ? [] : [junctions],
      base_demand_lps: 0,
    };
    await storeWaterNetwork(tx, mapId, {
      pipe_layer_id: ids.get('Pipes'),
      valve_layer_ids: ids.has('Valves') ? [ids.get('Valves')] : [],
      node_layer_ids: junctions === undefined ? [] : [junctions],
      tolerance_m: IMPORT_TOLERANCE_M,
      hydraulics,
    });
    const layers = await tx.query<LayerRow>(
      `SELECT ${LAYER_COLUMNS} FROM layers l WHERE l.id = ANY($1::int[]) ORDER BY l."order"`,
      [[...ids.values()]],
    );
    return { layers, network: await waterNetworkOf(tx, mapId) };
  });
  await refreshFeatureStatistics(db);
  for (const layer of result.layers) await prepareGrid(db, layer.id);
  const count = (kind: string) => model.nodes.filter((node) => node.kind === kind).length;
  return {
    ...result,
    counts: {
      junctions: count('junction'),
      reservoirs: count('reservoir'),
      tanks: count('tank'),
      pipes: model.links.filter((link) => link.kind === 'pipe').length,
      valves: model.links.filter((link) => link.kind === 'valve').length,
    },
    warnings: warningsOf(model, shared),
  };
}
