import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../server/src/db/database.ts';
import { EXPORT_FORMATS } from '../../../server/src/exports/export-formats.ts';
import { EXPORT_JOB, exportsDir } from '../../../server/src/exports/export-job.ts';
import type { ExportFormat } from '../../../server/src/exports/export-scope.ts';
import { STATES } from '../states.ts';
import type { PactContext } from './provider-states.ts';

type Params = Record<string, unknown>;

/** The wire status (the `exports` view of migration 007) → the `jobs` row status behind it. */
const JOB_STATUS = { pending: 'queued', running: 'running', ready: 'done', failed: 'failed' } as const;
type WireStatus = keyof typeof JOB_STATUS;

function required(params: Params, key: string): unknown {
  if (params[key] === undefined) throw new Error(`provider state parameter "${key}" is missing`);
  return params[key];
}

function exportFormat(params: Params): ExportFormat {
  const format = String(required(params, 'format'));
  if (!Object.hasOwn(EXPORT_FORMATS, format)) throw new Error(`unknown export format "${format}"`);
  return format as ExportFormat;
}

function wireStatus(params: Params): WireStatus {
  const status = String(params.status ?? 'ready');
  if (!Object.hasOwn(JOB_STATUS, status)) throw new Error(`unknown export status "${status}"`);
  return status as WireStatus;
}

/**
 * The export provider state: a job row as the server's own export would leave it, and for a
 * ready one the file under DATA_DIR/exports with the name the server gives it (`<id>.<ext>`),
 * so getExport and downloadExport read it through their real code.
 */
export function createExportStateHandlers(
  db: Database,
  context: PactContext,
  dataDir: string,
): Record<string, (params: Params) => Promise<void>> {
  async function owner(who: unknown): Promise<number> {
    if (who === 'signed-in') {
      const userId = context.session?.userId;
      if (userId === undefined) throw new Error(`"${STATES.exportExists}" needs a signed-in state before it`);
      return userId;
    }
    if (who !== 'another')
      throw new Error(`export owner must be 'signed-in' or 'another', not ${String(who)}`);
    const email = 'export.owner@pact.example.com';
    const found = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [email]);
    if (found[0]) return found[0].id;
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (name, email, password_hash, type)
       VALUES ('Export Owner', $1, 'not-a-password-hash', 'user') RETURNING id`,
      [email],
    );
    return (rows[0] as { id: number }).id;
  }

  return {
    [STATES.importExists]: async (params) => {
      const userId = await owner('signed-in');
      const result = {
        layer_id: Number(required(params, 'layer_id')),
        imported: Number(required(params, 'features_imported')),
        skipped: Number(required(params, 'features_skipped')),
        warnings: [],
      };
      await db.query(
        `INSERT INTO jobs (id, kind, status, progress, payload, result, user_id, map_id)
         VALUES ($1, 'import', 'done', 1, $2, $3, $4, $5)`,
        [
          String(required(params, 'id')),
          JSON.stringify({ file_name: String(required(params, 'file_name')), request: {} }),
          JSON.stringify(result),
          userId,
          Number(required(params, 'map_id')),
        ],
      );
    },
    [STATES.exportExists]: async (params) => {
      const id = String(required(params, 'id'));
      const format = exportFormat(params);
      const status = wireStatus(params);
      const file = required(params, 'file') as { name?: unknown; content?: unknown };
      const fileName = String(file.name ?? `export.${EXPORT_FORMATS[format].extension}`);
      const userId = await owner(required(params, 'user'));
      let result: { file: string; size: number } | null = null;
      if (status === 'ready') {
        const content = Buffer.from(String(file.content ?? ''));
        const stored = `${id}.${EXPORT_FORMATS[format].extension}`;
        const dir = exportsDir(dataDir);
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, stored), content);
        result = { file: stored, size: content.length };
      }
      const progress = params.progress ?? (status === 'ready' ? 1 : 0);
      await db.query(
        `INSERT INTO jobs (id, kind, status, progress, payload, result, user_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '24 hours')`,
        [
          id,
          EXPORT_JOB,
          JOB_STATUS[status],
          progress,
          JSON.stringify({ format, file_name: fileName, title: fileName }),
          result === null ? null : JSON.stringify(result),
          userId,
        ],
      );
    },
  };
}
