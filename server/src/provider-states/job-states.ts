import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_FORMATS } from '../exports/export-formats.ts';
import { EXPORT_JOB, exportsDir } from '../exports/export-job.ts';
import type { ExportFormat } from '../exports/export-scope.ts';
import { anotherUser } from './another-user.ts';
import { remember, required, resolve, signedIn, type Params, type StateContext } from './state-context.ts';
import type { StateDefinition } from './state-definition.ts';

/** The wire status (the `exports` view) → the `jobs` row status behind it. */
const JOB_STATUS = { pending: 'queued', running: 'running', ready: 'done', failed: 'failed' } as const;
type WireStatus = keyof typeof JOB_STATUS;

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

async function owner(context: StateContext, who: unknown): Promise<number> {
  if (who === 'signed-in') return signedIn(context, 'an export exists');
  if (who !== 'another') throw new Error(`export owner must be 'signed-in' or 'another', not ${String(who)}`);
  return anotherUser(context, 'Export Owner', 'export-owner');
}

export const JOB_STATES: StateDefinition[] = [
  {
    key: 'importExists',
    name: 'a finished layer import exists',
    creates: 'A finished import job of the signed-in user that made the layer.',
    params: {
      id: 'The id (a uuid) the interactions call it by.',
      map_id: 'Contract id of the map.',
      layer_id: 'Contract id of the layer the import made.',
      file_name: "The imported file's name.",
      features_imported: 'How many features it imported.',
      features_skipped: 'How many it skipped.',
    },
    returns: {
      'import_<id>': 'The real id (uuid) of the import; `-` in the contract id becomes `_` in the key.',
    },
    setup: async (context, params) => {
      const id = randomUUID();
      const result = {
        layer_id: resolve(context, 'layer', params.layer_id),
        imported: Number(required(params, 'features_imported')),
        skipped: Number(required(params, 'features_skipped')),
        warnings: [],
      };
      await context.db.query(
        `INSERT INTO jobs (id, kind, status, progress, payload, result, user_id, map_id)
         VALUES ($1, 'import', 'done', 1, $2, $3, $4, $5)`,
        [
          id,
          JSON.stringify({ file_name: String(required(params, 'file_name')), request: {} }),
          JSON.stringify(result),
          signedIn(context, 'a finished layer import exists'),
          resolve(context, 'map', params.map_id),
        ],
      );
      remember(context, 'import', required(params, 'id'), id);
    },
  },
  {
    key: 'exportExists',
    name: 'an export exists',
    creates:
      'An export job owned by the signed-in user or by another account; when ready, its file where the server keeps exports.',
    params: {
      id: 'The id (a uuid) the interactions call it by.',
      user: '`signed-in` or `another`.',
      format: 'An export format.',
      file: "`{name, content}`: the download's name and content.",
      'status?': '`pending`, `running`, `ready` (default) or `failed`.',
      'progress?': '0..1.',
    },
    returns: {
      'export_<id>': 'The real id (uuid) of the export; `-` in the contract id becomes `_` in the key.',
    },
    setup: async (context, params) => {
      const id = randomUUID();
      const format = exportFormat(params);
      const status = wireStatus(params);
      const file = required(params, 'file') as { name?: unknown; content?: unknown };
      const fileName = String(file.name ?? `export.${EXPORT_FORMATS[format].extension}`);
      const userId = await owner(context, required(params, 'user'));
      let result: { file: string; size: number } | null = null;
      if (status === 'ready') {
        const content = Buffer.from(String(file.content ?? ''));
        const stored = `${id}.${EXPORT_FORMATS[format].extension}`;
        const dir = exportsDir(context.dataDir);
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, stored), content);
        result = { file: stored, size: content.length };
      }
      await context.db.query(
        `INSERT INTO jobs (id, kind, status, progress, payload, result, user_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '24 hours')`,
        [
          id,
          EXPORT_JOB,
          JOB_STATUS[status],
          params.progress ?? (status === 'ready' ? 1 : 0),
          JSON.stringify({ format, file_name: fileName, title: fileName }),
          result === null ? null : JSON.stringify(result),
          userId,
        ],
      );
      remember(context, 'export', required(params, 'id'), id);
    },
  },
];
