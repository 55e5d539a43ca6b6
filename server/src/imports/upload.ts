import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
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

/** Where direct imports stream their upload while it is read (under DATA_DIR, removed after). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

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
  const parent = options.parentDir ?? tmpdir();
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, 'atlasboard-import-'));
  try {
    return await receive(request, dir, options.maxBytes ?? IMPORT_MAX_BYTES);
  } catch (error) {
    // Refused (413) or cut off mid-way: the partial file is nobody's.
    await rm(dir, { recursive: true, force: true });
    throw uploadProblem(error);
  }
}

async function receive(request: FastifyRequest, dir: string, maxBytes: number): Promise<Upload> {
  const fields: Record<string, string> = {};
  let file: string | undefined;
  let fileName = '';
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
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

/** A multipart stream's own errors as the document's answers: too large, or a broken body. */
function uploadProblem(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return payloadTooLarge();
  if (typeof code === 'string' && code.startsWith('FST_'))
    return invalid({ file: [msg('validation.invalid', { field: 'file' })] });
  // busboy's "Unexpected end of form" and the like: the body stopped before the upload did.
  if (error instanceof Error && !('errno' in error))
    return invalid({ file: [msg('validation.invalid', { field: 'file' })] });
  return error;
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
