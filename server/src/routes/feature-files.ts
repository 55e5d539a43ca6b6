import { rm } from 'node:fs/promises';
import type { Queryable } from '../db/database.ts';
import { mapForFeatures, userIdOf } from '../features/feature-access.ts';
import { featureLocation } from '../features/features-store.ts';
import { attachFiles, detachFile } from '../feature-files/file-changes.ts';
import { attachmentHeader } from '../feature-files/file-names.ts';
import { locatedFile, toFeatureFile, type LocatedFile } from '../feature-files/file-records.ts';
import { uploadTempDir } from '../feature-files/file-storage.ts';
import { stageUpload } from '../feature-files/file-upload.ts';
import { invalid, notFound } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { attachmentKey, storeOfKind } from '../storage/file-store.ts';

async function fileOr404(db: Queryable, fileId: number): Promise<LocatedFile> {
  const file = await locatedFile(db, fileId);
  if (!file) throw notFound();
  return file;
}

/** Feature attachments: only who may update the feature changes its files; readers download them. */
export const routeHandlers = typedHandlers({
  async uploadFeatureFiles({ services: { db, config }, auth, request }) {
    const tempDir = await uploadTempDir(config.dataDir);
    try {
      const upload = await stageUpload(request, tempDir);
      const feature = await featureLocation(db, upload.featureId);
      if (!feature) throw invalid({ feature_id: [msg('validation.choice', { field: 'feature_id' })] });
      await mapForFeatures(db, auth.ability, feature.map_id, 'update');
      const rows = await attachFiles(db, config, feature, upload.files, userIdOf(auth.user));
      return { status: 201, body: { data: rows.map(toFeatureFile) } };
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  },

  async downloadFeatureFile({ services: { db, config }, auth, params }) {
    const file = await fileOr404(db, params.file_id);
    await mapForFeatures(db, auth.ability, file.map_id, 'read');
    // Streamed from wherever it is kept (disk or bucket), never whole in memory.
    const stored = await storeOfKind(config, file.storage_type).open(attachmentKey(file.storage_key));
    if (!stored) throw notFound();
    return {
      status: 200,
      headers: {
        'Content-Type': file.mime_type,
        'Content-Length': String(stored.size),
        'Content-Disposition': attachmentHeader(file.name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "sandbox; default-src 'none'",
        'Cache-Control': 'private, no-store',
      },
      body: stored.body,
    };
  },

  async deleteFeatureFile({ services: { db, config }, auth, params, query }) {
    const file = await fileOr404(db, params.file_id);
    if (file.map_id !== params.id) throw notFound();
    await mapForFeatures(db, auth.ability, file.map_id, 'update');
    if (file.storage_type !== query.storage_type)
      throw invalid({ storage_type: [msg('features.storage_type', { storage_type: query.storage_type })] });
    await detachFile(db, config, file, userIdOf(auth.user));
    return { status: 204 };
  },
});
