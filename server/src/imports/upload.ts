import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid, payloadTooLarge } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';

/** Uploads larger than this are refused (the document says at most 50 MB). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Import jobs take files up to 500 MB (the document's `startLayerImport`). */
export const IMPORT_JOB_MAX_BYTES = 500 * 1024 * 1024;

export interface Upload {
  fields: Record<string, string>;
  fileName: string;
  /** The file, streamed to a private temp dir (the caller removes `dir`). */
  file: string;
  dir: string;
}

/**
 * Reads a multipart import request, streaming its one file to disk: into a private temp dir,
 * or one made under `parentDir` (import jobs keep theirs in DATA_DIR, to outlive a restart).
 */
export async function readUpload(
  request: FastifyRequest,
  options: { maxBytes?: number; parentDir?: string } = {},
): Promise<Upload> {
  if (!request.isMultipart()) throw invalid({ file: [msg('validation.required', { field: 'file' })] });
  const fields: Record<string, string> = {};
  const parent = options.parentDir ?? tmpdir();
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, 'atlasboard-import-'));
  let file: string | undefined;
  let fileName = '';
  for await (const part of request.parts({
    limits: { fileSize: options.maxBytes ?? IMPORT_MAX_BYTES, files: 1, fields: 20 },
  })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' || file !== undefined) {
      part.file.resume();
      continue;
    }
    fileName = path.basename(part.filename || 'upload');
    file = path.join(dir, 'upload');
    await pipeline(part.file, createWriteStream(file));
    if (part.file.truncated) throw payloadTooLarge();
  }
  if (file === undefined) throw invalid({ file: [msg('validation.required', { field: 'file' })] });
  return { fields, fileName, file, dir };
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
