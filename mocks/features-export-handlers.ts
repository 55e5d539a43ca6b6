import { HttpResponse, http } from 'msw';
import type { ZodType } from 'zod';
import {
  exportFeaturesBody,
  exportFilterFeaturesBody,
  exportMultiSelectedFeaturesBody,
} from '../generated/zod/exports/exports.zod';
import type { ExportFile, ExportFileResource, ExportFormat } from '../generated/model';
import { notFound, parseWith, readJson, requireUser } from './responses';
import { TOWN_MAP_ID } from './features-town-layers';
import { idParam } from './maps-guards';

const EXTENSIONS: Record<ExportFormat, string> = {
  geojson: 'geojson',
  csv: 'csv',
  xlsx: 'xlsx',
  shp: 'zip',
  gpkg: 'gpkg',
  kml: 'kml',
};

/**
 * Exports of the mock town run as pretend jobs: each one starts `pending` and every status
 * poll moves it on (pending → running 50 % → ready), so mock mode shows the progress bar.
 * Ids are random, so exports left over from an earlier scenario never meet a later one.
 */
const exports = new Map<string, ExportFile>();

function started(format: ExportFormat): ExportFile {
  const file: ExportFile = {
    id: crypto.randomUUID(),
    status: 'pending',
    progress: 0,
    format,
    file_name: `demo-town-export.${EXTENSIONS[format]}`,
    size: null,
    expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  exports.set(file.id, file);
  return file;
}

function advance(file: ExportFile): ExportFile {
  const next: ExportFile =
    file.status === 'pending'
      ? { ...file, status: 'running', progress: 0.5 }
      : file.status === 'running'
        ? { ...file, status: 'ready', progress: 1, size: 2048 }
        : file;
  exports.set(file.id, next);
  return next;
}

const start = (schema: ZodType<{ format: ExportFormat }>) =>
  (async ({ request, params }) => {
    if (idParam(params, 'id') !== TOWN_MAP_ID) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(schema, await readJson(request));
    if (!parsed.ok) return parsed.response;
    return HttpResponse.json<ExportFileResource>({ data: started(parsed.data.format) }, { status: 201 });
  }) satisfies Parameters<typeof http.post>[1];

/** The three export operations, the status poll and the download, for the mock town. */
export const featuresExportHandlers = [
  http.post('*/api/maps/:id/export-features', start(exportFeaturesBody)),
  http.post('*/api/maps/:id/export-filter-features', start(exportFilterFeaturesBody)),
  http.post('*/api/maps/:id/export-multi-selected-features', start(exportMultiSelectedFeaturesBody)),
  http.get('*/api/exports/:id', ({ request, params }) => {
    const file = exports.get(String(params.id));
    if (!file) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    return HttpResponse.json<ExportFileResource>({ data: advance(file) });
  }),
  http.get('*/api/get-export/:id', ({ request, params }) => {
    const file = exports.get(String(params.id));
    if (!file) return notFound();
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    return new HttpResponse('{"type":"FeatureCollection","features":[]}', {
      headers: {
        'Content-Type': 'application/geo+json',
        'Content-Disposition': `attachment; filename="${file.file_name}"`,
      },
    });
  }),
];
