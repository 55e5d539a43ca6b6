import { HttpResponse, http } from 'msw';
import type { FeatureFileList } from '../generated/model';
import { attachFiles, detachFile, findFeature, findFile } from './features-store';
import { TOWN_MAP_ID } from './features-town-layers';
import { forbidden, noContent, notFound, requireUser, validationFailed } from './responses';

type Params = Record<string, string | readonly string[] | undefined>;
const numberParam = (params: Params, name: string) =>
  Number(typeof params[name] === 'string' ? params[name] : NaN);

/** Attachments of the mock town's features: upload, download, delete (each written to the history). */
export const featuresFilesHandlers = [
  http.post('*/api/feature-layer/files', async ({ request }) => {
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    if (guarded.user.type === 'user') return forbidden();
    const form = await request.formData();
    const featureId = Number(form.get('feature_id'));
    const uploads = [...form.getAll('files'), ...form.getAll('files[]')].filter(
      (part): part is File => typeof part !== 'string',
    );
    if (!Number.isInteger(featureId) || featureId < 1)
      return validationFailed({ feature_id: ['The feature id field is required.'] });
    if (uploads.length === 0) return validationFailed({ files: ['The files field is required.'] });
    if (uploads.length > 10) return validationFailed({ files: ['At most 10 files at once.'] });
    // Features of other mock maps fall through to the generated handlers.
    if (!findFeature(featureId)) return undefined;
    const stored = attachFiles(featureId, uploads, { id: guarded.user.id, name: guarded.user.name });
    return HttpResponse.json<FeatureFileList>({ data: stored }, { status: 201 });
  }),

  http.get('*/api/feature-layer/files/:file_id', ({ request, params }) => {
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const found = findFile(numberParam(params, 'file_id'));
    if (!found) return undefined;
    return new HttpResponse(found.bytes ?? new Blob([]), {
      headers: {
        'Content-Type': found.file.mime_type,
        'Content-Disposition': `attachment; filename="${found.file.name}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),

  http.delete('*/api/maps/:id/delete-feature-file/:file_id', ({ request, params }) => {
    if (numberParam(params, 'id') !== TOWN_MAP_ID) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    if (guarded.user.type === 'user') return forbidden();
    const found = findFile(numberParam(params, 'file_id'));
    if (!found) return notFound();
    const storage = new URL(request.url).searchParams.get('storage_type');
    if (storage !== found.file.storage_type)
      return validationFailed({ storage_type: ['The storage type does not match the file.'] });
    detachFile(found.file.id, { id: guarded.user.id, name: guarded.user.name });
    return noContent();
  }),
];
