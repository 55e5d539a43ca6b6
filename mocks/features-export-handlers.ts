import { HttpResponse, http } from 'msw';
import {
  exportFeaturesBody,
  exportFeaturesQueryParams,
  exportFilterFeaturesBody,
  exportMultiSelectedFeaturesBody,
} from '../generated/zod/exports/exports.zod';
import type { ExportFile, ExportFileResource, ExportFormat, Feature } from '../generated/model';
import { exportFileName } from '../shared/exports/export-file-name';
import type { UserRecord } from './db';
import { featuresOfLayer, filterTown, isTownLayer, matchesText } from './features-store';
import { TOWN_MAP_ID } from './features-town-layers';
import { townLayers } from './town';
import { idParam } from './maps-guards';
import { layersFilterProblems } from './features-filter';
import { inTime, timeProblem } from './features-time';
import { otherMapAnswer } from './features-map-guard';
import { forbidden, notFound, parseWith, readJson, requireUser, validationFailed } from './responses';

/** Extension and type of each format's file, as the server names them (server/src/exports/export-formats.ts). */
const FORMATS: Record<ExportFormat, { extension: string; contentType: string }> = {
  geojson: { extension: 'geojson', contentType: 'application/geo+json' },
  csv: { extension: 'csv', contentType: 'text/csv' },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  shp: { extension: 'zip', contentType: 'application/zip' },
  gpkg: { extension: 'gpkg', contentType: 'application/geopackage+sqlite3' },
  kml: { extension: 'kml', contentType: 'application/vnd.google-earth.kml+xml' },
};

/**
 * The file's bytes: GeoJSON and CSV hold the exported features as the server writes them; the
 * binary formats (which MSW cannot write) a short placeholder. `size` is always the bytes' length.
 */
function fileBytes(format: ExportFormat, rows: readonly Feature[]): string {
  if (format === 'geojson')
    return `${JSON.stringify({
      type: 'FeatureCollection',
      features: rows.map((row) => ({
        type: 'Feature',
        id: row.id,
        geometry: row.geometry,
        properties: row.properties,
      })),
    })}\n`;
  if (format === 'csv') {
    const names = [...new Set(rows.flatMap((row) => Object.keys(row.properties)))];
    const cell = (value: unknown) => `"${String(value ?? '').replaceAll('"', '""')}"`;
    return [
      ['id', ...names].join(','),
      ...rows.map((row) => [row.id, ...names.map((name) => cell(row.properties[name]))].join(',')),
    ].join('\n');
  }
  return `mock ${format} export of ${rows.length} features\n`;
}

interface MockExport {
  file: ExportFile;
  userId: number;
  bytes: string;
}

/**
 * Exports of the mock town run as pretend jobs: each one starts `pending` and every status
 * poll moves it on (pending → running 50 % → ready), so mock mode shows the progress bar.
 * Ids are random, so exports left over from an earlier scenario never meet a later one.
 */
const exports = new Map<string, MockExport>();

function started(
  user: UserRecord,
  format: ExportFormat,
  title: string,
  rows: readonly Feature[],
): ExportFile {
  const bytes = fileBytes(format, rows);
  const file: ExportFile = {
    id: crypto.randomUUID(),
    status: 'pending',
    progress: 0,
    format,
    file_name: exportFileName(title, FORMATS[format].extension),
    size: null,
    expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  exports.set(file.id, { file, userId: user.id, bytes });
  return file;
}

function advance(entry: MockExport): ExportFile {
  const { file } = entry;
  const next: ExportFile =
    file.status === 'pending'
      ? { ...file, status: 'running', progress: 0.5 }
      : file.status === 'running'
        ? { ...file, status: 'ready', progress: 1, size: new TextEncoder().encode(entry.bytes).length }
        : file;
  exports.set(file.id, { ...entry, file: next });
  return next;
}

const layerName = (layerId: number) => townLayers().find((layer) => layer.id === layerId)?.name ?? 'features';

/** The caller's own export, or any for an admin (the server's `read Export`): else 404 / 403. */
function ownExport(
  request: Request,
  id: string,
): { entry: MockExport; response?: undefined } | { response: Response } {
  const guarded = requireUser(request, false);
  if (guarded.response) return { response: guarded.response };
  const entry = exports.get(id);
  if (!entry) return { response: notFound() };
  if (guarded.user.type !== 'admin' && guarded.user.id !== entry.userId) return { response: forbidden() };
  return { entry };
}

type Scope = { title: string; rows: Feature[] } | undefined;
type Started =
  | { user: UserRecord; input: unknown; asOf: string | undefined; response?: undefined }
  | { response: Response | undefined };

/**
 * The checks of every export start, in the server's order: the map (only the town is served),
 * XSRF, session; then the moment (`as_of`, the same query on the three), whose file holds the
 * town as it was then, rebuilt from the mock's history.
 */
async function beginExport(request: Request, mapId: number): Promise<Started> {
  if (mapId !== TOWN_MAP_ID) return { response: otherMapAnswer(request, mapId, true) };
  const guarded = requireUser(request, true);
  if (guarded.response) return { response: guarded.response };
  const query = parseWith(exportFeaturesQueryParams, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.ok) return { response: query.response };
  return { user: guarded.user, input: await readJson(request), asOf: query.data.as_of };
}

function answer(user: UserRecord, format: ExportFormat, scope: Scope): Response {
  if (!scope) return notFound();
  return HttpResponse.json<ExportFileResource>(
    { data: started(user, format, scope.title, scope.rows) },
    { status: 201 },
  );
}

/** The three export operations, the status poll and the download, for the mock town. */
export const featuresExportHandlers = [
  http.post('*/api/maps/:id/export-features', async ({ request, params }) => {
    const begun = await beginExport(request, idParam(params, 'id'));
    if (begun.response !== undefined || !('user' in begun)) return begun.response;
    const body = parseWith(exportFeaturesBody, begun.input);
    if (!body.ok) return body.response;
    const { layer_id: layerId, search, datetime } = body.data;
    if (!isTownLayer(layerId)) return notFound();
    const time = timeProblem(layerId, datetime);
    if (time) return validationFailed({ datetime: [time] });
    return answer(begun.user, body.data.format, {
      title: layerName(layerId),
      rows: featuresOfLayer(layerId, begun.asOf).filter(
        (row) => matchesText(row, search ?? '') && inTime(row, datetime),
      ),
    });
  }),
  http.post('*/api/maps/:id/export-filter-features', async ({ request, params }) => {
    const begun = await beginExport(request, idParam(params, 'id'));
    if (begun.response !== undefined || !('user' in begun)) return begun.response;
    const body = parseWith(exportFilterFeaturesBody, begun.input);
    if (!body.ok) return body.response;
    const filters = body.data.layers_filter;
    // The same refusals as filter-features, after the layers' 404 (as the server).
    if (!filters.every((entry) => isTownLayer(entry.layer_id))) return notFound();
    const problems = layersFilterProblems(filters);
    if (Object.keys(problems).length > 0) return validationFailed(problems);
    const [only] = filters;
    return answer(
      begun.user,
      body.data.format,
      filters.every((entry) => isTownLayer(entry.layer_id))
        ? {
            title: filters.length === 1 && only ? layerName(only.layer_id) : 'features',
            rows: filterTown(filters, begun.asOf),
          }
        : undefined,
    );
  }),
  http.post('*/api/maps/:id/export-multi-selected-features', async ({ request, params }) => {
    const begun = await beginExport(request, idParam(params, 'id'));
    if (begun.response !== undefined || !('user' in begun)) return begun.response;
    const body = parseWith(exportMultiSelectedFeaturesBody, begun.input);
    if (!body.ok) return body.response;
    const { layer_id: layerId, feature_ids: ids } = body.data;
    return answer(
      begun.user,
      body.data.format,
      isTownLayer(layerId)
        ? {
            title: layerName(layerId),
            rows: featuresOfLayer(layerId, begun.asOf).filter((row) => ids.includes(row.id)),
          }
        : undefined,
    );
  }),
  http.get('*/api/exports/:id', ({ request, params }) => {
    const found = ownExport(request, String(params.id));
    if (found.response) return found.response;
    return HttpResponse.json<ExportFileResource>({ data: advance(found.entry) });
  }),
  http.get('*/api/get-export/:id', ({ request, params }) => {
    const found = ownExport(request, String(params.id));
    if (found.response) return found.response;
    const { file, bytes } = found.entry;
    if (file.status !== 'ready')
      return HttpResponse.json({ message: 'The export is not ready yet.' }, { status: 409 });
    return new HttpResponse(bytes, {
      headers: {
        'Content-Type': FORMATS[file.format].contentType,
        'Content-Disposition': `attachment; filename="${file.file_name}"`,
      },
    });
  }),
];
