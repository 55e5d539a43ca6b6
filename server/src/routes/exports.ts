import path from 'node:path';
import { hiddenPropertiesOf, layerAsSeen } from '../access/layer-view.ts';
import { canOn } from '@shared/access/abilities.ts';
import { EXPORT_FORMATS } from '../exports/export-formats.ts';
import { findExport, toExport, type ExportRecord } from '../exports/export-record.ts';
import { startExport } from '../exports/export-requests.ts';
import { parseMoment } from '../features/as-of.ts';
import { layersFilterProblems, timeRangeProblem } from '../features/feature-filters.ts';
import { forbidden, HttpError, invalid, notFound } from '../http/http-error.ts';
import type { AuthState } from '../http/request-auth.ts';
import { msg } from '../i18n/messages.ts';
import { mapLayerForFeatures } from '../features/feature-access.ts';
import { timePropertyOf } from '../ogc/ogc-items.ts';
import { typedHandlers, type TypedContext } from '../openapi/typed-handlers.ts';
import type { ExportScope } from '../exports/export-scope.ts';
import type { LayerRow } from '../maps/records.ts';
import type { Queryable } from '../db/database.ts';
import { exportKey, storeOfKind } from '../storage/file-store.ts';

/** The export's moment (`as_of`), kept in its scope so the job reads the layer as it was. */
function asOfScope(asOf: string | undefined): { as_of?: string } {
  const at = parseMoment(asOf, 'as_of');
  return at ? { as_of: at.toISOString() } : {};
}

function signedInId(auth: AuthState): number {
  if (!auth.user) throw new HttpError(401, msg('http.unauthenticated'));
  return auth.user.id;
}

/** The properties each layer hides from the caller, as an export's scope keeps them. */
function hiddenByLayer(auth: AuthState, layerIds: readonly number[]): Record<string, string[]> {
  const hidden: Record<string, string[]> = {};
  for (const layerId of layerIds) {
    const names = hiddenPropertiesOf(auth.access, layerId);
    if (names.size > 0) hidden[String(layerId)] = [...names];
  }
  return hidden;
}

/** The export, if the caller asked for it or is an admin (CASL `read Export`). */
async function ownExport(db: Queryable, auth: AuthState, id: string): Promise<ExportRecord> {
  const record = await findExport(db, id);
  if (!record) throw notFound();
  if (!canOn(auth.ability, 'read', 'Export', { user_id: record.user_id })) throw forbidden();
  // Re-checked at download: a grant withdrawn since the export was made takes the file with it.
  if (record.map_id !== null && !canOn(auth.ability, 'export', 'Feature', { map_id: record.map_id }))
    throw notFound();
  return record;
}

/**
 * Starts the export of one layer the caller may export (all of it, or a selection): its scope
 * from `scopeOf`, with what the caller may not see and the moment asked for. Answered 201.
 */
async function exportOneLayer(
  {
    services,
    request,
    auth,
    params,
    query,
    body,
  }: TypedContext<'exportFeatures'> | TypedContext<'exportMultiSelectedFeatures'>,
  scopeOf: (layer: LayerRow) => ExportScope,
) {
  const { layer } = await mapLayerForFeatures(services.db, auth.ability, params.id, body.layer_id, 'export');
  const data = await startExport(services, request, signedInId(auth), {
    format: body.format,
    scope: { ...scopeOf(layer), hidden: hiddenByLayer(auth, [layer.id]), ...asOfScope(query.as_of) },
    title: layer.name,
    geometryType: layer.geometry_type ?? null,
    emailToSend: body.email_to_send,
    mapId: params.id,
  });
  return { status: 201 as const, body: { data } };
}

/** Handlers for exports (docs/decisions.md#exports, docs/decisions.md#jobs): start, poll, download. */
export const routeHandlers = typedHandlers({
  async exportFeatures(context) {
    const { auth, body } = context;
    return exportOneLayer(context, (layer) => {
      // The time range as the feature list reads it: on the time property the caller sees.
      const time = timePropertyOf(layerAsSeen(auth.access, layer));
      const timeProblem = body.datetime === undefined ? undefined : timeRangeProblem(time, body.datetime);
      if (timeProblem) throw invalid({ datetime: [timeProblem] });
      return {
        kind: 'layer',
        layer_id: layer.id,
        ...(body.search === undefined ? {} : { search: body.search }),
        ...(body.datetime === undefined || !time ? {} : { datetime: body.datetime, time }),
      };
    });
  },

  async exportMultiSelectedFeatures(context) {
    return exportOneLayer(context, (layer) => ({
      kind: 'selected',
      layer_id: layer.id,
      feature_ids: context.body.feature_ids,
    }));
  },

  async exportFilterFeatures({ services, request, auth, params, query, body }) {
    const layers = [];
    for (const filter of body.layers_filter)
      layers.push(
        (await mapLayerForFeatures(services.db, auth.ability, params.id, filter.layer_id, 'export')).layer,
      );
    // The layers' time properties as the caller sees them, fixed in the scope for a time range.
    const times: Record<string, string> = {};
    for (const layer of layers) {
      const time = timePropertyOf(layerAsSeen(auth.access, layer));
      if (time) times[String(layer.id)] = time;
    }
    // The same refusals as filter-features: a value whose shape does not fit its operator.
    const problems = layersFilterProblems(
      body.layers_filter,
      new Set(layers.map((layer) => layer.id)),
      (layerId) => hiddenPropertiesOf(auth.access, layerId),
      (layerId) => times[String(layerId)],
    );
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const first = layers[0];
    const data = await startExport(services, request, signedInId(auth), {
      format: body.format,
      scope: {
        kind: 'filter',
        layers_filter: body.layers_filter,
        times,
        hidden: hiddenByLayer(
          auth,
          layers.map((layer) => layer.id),
        ),
        ...asOfScope(query.as_of),
      },
      title: layers.length === 1 && first ? first.name : 'features',
      geometryType: layers.length === 1 && first ? (first.geometry_type ?? null) : null,
      emailToSend: body.email_to_send,
      mapId: params.id,
    });
    return { status: 201, body: { data } };
  },

  async getExport({ services, auth, params }) {
    const record = await ownExport(services.db, auth, params.id);
    return { status: 200, body: { data: toExport(record) } };
  },

  async downloadExport({ services, auth, params }) {
    const record = await ownExport(services.db, auth, params.id);
    const key = record.file ? exportKey(path.basename(record.file)) : null;
    const store = storeOfKind(services.config, record.storage === 's3' ? 's3' : 'local');
    if (new Date(record.expires_at).getTime() <= Date.now()) {
      // Expired files are deleted on the first look after their time (from the bucket too).
      if (key) await store.remove([key]).catch(() => undefined);
      throw new HttpError(410, msg('exports.expired'));
    }
    if (record.status !== 'ready' || !key) throw new HttpError(409, msg('exports.not_ready'));
    // Streamed from disk or bucket through whichever instance was asked.
    const stored = await store.open(key);
    if (!stored) throw new HttpError(410, msg('exports.expired'));
    const safeName = record.file_name.replace(/["\\\r\n]/g, '_');
    return {
      status: 200,
      headers: {
        'Content-Type': EXPORT_FORMATS[record.format].contentType,
        'Content-Disposition': `attachment; filename="${safeName}"`,
        'Content-Length': String(stored.size),
      },
      body: stored.body,
    };
  },
});
