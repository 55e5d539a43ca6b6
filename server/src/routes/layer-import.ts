import { rm } from 'node:fs/promises';
import { HttpError, invalid } from '../http/http-error.ts';
import { localeOf, msg, render, translator, type Problems } from '../i18n/messages.ts';
import type { Queryable } from '../db/database.ts';
import { formatOf, noFormat, type ImportRequest } from '../imports/import-layer.ts';
import { categoryOfMapExists } from '../map-parts/categories-store.ts';
import { importLayerNow } from '../imports/import-now.ts';
import { UnreadableFile } from '../imports/imported-feature.ts';
import { readUpload, uploadsDir, type Upload } from '../imports/upload.ts';
import { mapFor } from '../maps/access.ts';
import { toLayer } from '../maps/records.ts';
import { typedHandlers, type TypedHandler } from '../openapi/typed-handlers.ts';

const TEXT_FIELDS = ['name', 'source_layer', 'lon_column', 'lat_column', 'wkt_column'] as const;

/** The import's fields checked as the document says (multipart is not JSON-validated). */
export async function importFields(
  db: Queryable,
  mapId: number,
  userId: number,
  upload: Upload,
): Promise<ImportRequest> {
  const { fields } = upload;
  const problems: Problems = {};
  for (const field of TEXT_FIELDS) {
    const value = fields[field];
    if (value !== undefined && (value.length > 255 || (field === 'name' && value.trim() === '')))
      problems[field] = [
        msg(value.length > 255 ? 'validation.max_length' : 'validation.required', { field, limit: 255 }),
      ];
  }
  let categoryId: number | null = null;
  if (fields.category_id !== undefined) {
    categoryId = Number(fields.category_id);
    const found = Number.isInteger(categoryId) && (await categoryOfMapExists(db, mapId, categoryId));
    if (!found) problems.category_id = [msg('validation.invalid', { field: 'category_id' })];
  }
  if (Object.keys(problems).length > 0) throw invalid(problems);
  const format = formatOf(fields.format, upload.fileName);
  if (!format) throw noFormat();
  return {
    mapId,
    userId,
    name: fields.name?.trim() || upload.fileName.replace(/\.[^.]+$/, '') || 'Imported layer',
    categoryId,
    format,
    file: upload.file,
    sourceLayer: fields.source_layer,
    csv: { lon_column: fields.lon_column, lat_column: fields.lat_column, wkt_column: fields.wkt_column },
  };
}

/** POST /api/maps/{id}/layers/upload: a vector layer from a data file (docs/decisions.md#imports). */
export const importLayerHandler: TypedHandler<'importLayer'> = async ({
  services,
  request,
  auth,
  params,
}) => {
  const { db } = services;
  await mapFor(db, auth, params.id, 'update');
  if (!auth.user) throw new HttpError(401, msg('http.unauthenticated'));
  const upload = await readUpload(request, { parentDir: uploadsDir(services.config.dataDir) });
  try {
    const importRequest = await importFields(db, params.id, auth.user.id, upload);
    const { format } = importRequest;
    try {
      const result = await importLayerNow(db, { request: importRequest, file_name: upload.fileName });
      const t = translator(localeOf(request));
      return {
        status: 201,
        body: {
          data: toLayer(result.layer),
          meta: {
            features_imported: result.imported,
            features_skipped: result.skipped,
            warnings: result.warnings.map((warning) => render(t, warning)),
          },
        },
      };
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      throw invalid({
        file: [
          error.problem ?? msg('exports.import_unreadable', { format, reason: error.message.slice(0, 300) }),
        ],
      });
    }
  } finally {
    await rm(upload.dir, { recursive: true, force: true });
  }
};

export const routeHandlers = typedHandlers({ importLayer: importLayerHandler });
