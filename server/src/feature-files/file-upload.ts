import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import { acceptedMimeType } from './file-types.ts';
import { sanitiseFileName } from './file-names.ts';

/** The document's limits (FeatureFileUpload). */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
const SNIFF_BYTES = 4096;

export interface StagedFile {
  name: string;
  mimeType: string;
  size: number;
  /** Where the bytes wait until the database has the file's row. */
  tempPath: string;
}

interface Received {
  name: string;
  head: Buffer;
  size: number;
  truncated: boolean;
  tempPath: string;
}

const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Streams a multipart upload's files to `tempDir` (never whole into memory), then checks
 * them all: count, size, and type by content. Any problem is a 422 naming the file, and the
 * caller removes `tempDir`; nothing has touched the database yet.
 */
export async function stageUpload(
  request: FastifyRequest,
  tempDir: string,
): Promise<{ featureId: number | undefined; files: StagedFile[] }> {
  if (!request.isMultipart()) throw invalid({ files: [msg('features.files_required')] });
  let featureId: string | undefined;
  const received: Received[] = [];
  let tooMany = false;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 20, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'feature_id') featureId = String(part.value);
        continue;
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'files[]') {
        part.file.resume();
        continue;
      }
      const file: Received = {
        name: sanitiseFileName(part.filename),
        head: Buffer.alloc(0),
        size: 0,
        truncated: false,
        tempPath: path.join(tempDir, String(received.length)),
      };
      part.file.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        if (file.head.length < SNIFF_BYTES)
          file.head = Buffer.concat([file.head, chunk]).subarray(0, SNIFF_BYTES);
      });
      await pipeline(part.file, createWriteStream(file.tempPath));
      file.truncated = part.file.truncated;
      received.push(file);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && LIMIT_CODES.has(code)) tooMany = true;
    else throw invalid({ files: [msg('validation.invalid', { field: 'files' })] });
  }
  const problems: Problems = {};
  const id = Number(featureId);
  if (featureId === undefined) problems.feature_id = [msg('validation.required', { field: 'feature_id' })];
  else if (!Number.isInteger(id) || id < 1)
    problems.feature_id = [msg('validation.type_integer', { field: 'feature_id' })];
  if (tooMany) problems.files = [msg('features.file_count', { limit: MAX_FILES })];
  else if (received.length === 0) problems.files = [msg('features.files_required')];
  const files: StagedFile[] = [];
  received.forEach((file, index) => {
    const mimeType = acceptedMimeType(file.head, file.name);
    if (file.truncated)
      problems[`files.${index}`] = [
        msg('features.file_size', { name: file.name, limit: MAX_FILE_BYTES / 1024 / 1024 }),
      ];
    else if (!mimeType) problems[`files.${index}`] = [msg('features.file_type', { name: file.name })];
    else files.push({ name: file.name, mimeType, size: file.size, tempPath: file.tempPath });
  });
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return { featureId: id, files };
}
