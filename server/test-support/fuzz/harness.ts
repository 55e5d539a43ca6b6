import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSession } from '../../src/auth/sessions.ts';
import type { OperationHandlers } from '../../src/openapi/bind-operations.ts';
import { handlers } from '../../src/routes/handlers.ts';
import type { UserType } from '../../src/users/user-record.ts';
import { assertDocumentedResponse } from '../openapi-response.ts';
import type { TestApp } from '../test-app.ts';
import { TestClient } from '../test-client.ts';
import type { FuzzCase } from './cases.ts';
import type { Account } from './hints.ts';

export type Role = UserType | 'anonymous';
export const ROLES: readonly Role[] = ['anonymous', 'user', 'editor', 'admin'];

/** The last errors the handlers threw, so a 500 in the report carries its stack. */
export const thrown: string[] = [];

/** The app's handlers, each recording what it throws before the error handler turns it into a 500. */
export function recordingHandlers(): OperationHandlers {
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => [
      id,
      async (context: Parameters<typeof handler>[0]) => {
        try {
          return await handler(context);
        } catch (error) {
          thrown.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
          if (thrown.length > 5) thrown.shift();
          throw error;
        }
      },
    ]),
  );
}

export interface Caller {
  role: Role;
  client: TestClient;
  account: Account;
}

/**
 * A caller signed in through a session row rather than POST /login, so the sign-in throttles
 * the fuzzer itself trips on /login never lock it out.
 */
export async function signIn(t: TestApp, role: Role): Promise<Caller> {
  const client = t.client();
  await client.prime();
  if (role === 'anonymous')
    return { role, client, account: { id: 0, email: 'nobody@example.com', password: 'nothing at all' } };
  const user = await t.createUser({ type: role });
  const session = await startSession(t.database.db, user.id, false);
  client.cookies.set('atlasboard_session', session.token);
  client.cookies.set('XSRF-TOKEN', session.xsrfToken);
  return { role, client, account: { id: user.id, email: user.email, password: user.password } };
}

/** True while the caller is still who it was (a case may sign it out, in as someone else, or demote it). */
export async function stillSelf(t: TestApp, caller: Caller): Promise<boolean> {
  const response = await caller.client.get('/api/user', { unchecked: true });
  if (caller.role === 'anonymous') return response.status === 401;
  const user = (response.body as { data?: { id?: number; type?: string } } | undefined)?.data;
  return response.status === 200 && user?.id === caller.account.id && user.type === caller.role;
}

/** Bookmarks of the callers and an attachment with its bytes on disk, for one world. */
export async function addPrivateRows(
  t: TestApp,
  dataDir: string,
  mapId: number,
  featureId: number,
  userIds: number[],
): Promise<{ bookmarkIds: number[]; fileId: number }> {
  const bookmarkIds: number[] = [];
  for (const userId of userIds) {
    const [row] = await t.database.db.query<{ id: number }>(
      `INSERT INTO bookmarks (map_id, user_id, name, center, zoom, visible_layer_ids) VALUES ($1, $2, 'Here', '[-9.14, 38.72]', 14.5, '[]') RETURNING id`,
      [mapId, userId],
    );
    bookmarkIds.push(row?.id ?? 0);
  }
  const key = `fuzz/${mapId}.txt`;
  mkdirSync(path.join(dataDir, 'files', 'fuzz'), { recursive: true });
  writeFileSync(path.join(dataDir, 'files', key), 'attachment bytes\n');
  const [file] = await t.database.db.query<{ id: number }>(
    `INSERT INTO feature_files (feature_id, name, mime_type, size, storage_key) VALUES ($1, 'note.txt', 'text/plain', 17, $2) RETURNING id`,
    [featureId, key],
  );
  return { bookmarkIds, fileId: file?.id ?? 0 };
}

export interface Failure {
  operationId: string;
  role: Role;
  index: number;
  request: string;
  status: number;
  problem: string;
  stack?: string;
}

function describeRequest(fuzzCase: FuzzCase): string {
  const body =
    fuzzCase.body !== undefined
      ? JSON.stringify(fuzzCase.body)
      : fuzzCase.rawBody !== undefined
        ? `(${fuzzCase.headers?.['content-type'] ?? 'raw'}) ${fuzzCase.rawBody.toString()}`
        : '';
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${body.length} chars)` : body;
  return `${fuzzCase.kind} ${fuzzCase.method} ${fuzzCase.url.slice(0, 300)} ${shown}`;
}

/** Sends one case; a problem is a 5xx, or an answer the document does not describe. */
export async function runCase(
  caller: Caller,
  fuzzCase: FuzzCase,
  statuses: Set<number>,
): Promise<Omit<Failure, 'operationId' | 'role' | 'index'> | undefined> {
  thrown.length = 0;
  const response = await caller.client.request(fuzzCase.method, fuzzCase.url, {
    ...(fuzzCase.body !== undefined ? { body: fuzzCase.body } : {}),
    ...(fuzzCase.rawBody !== undefined ? { rawBody: fuzzCase.rawBody } : {}),
    ...(fuzzCase.headers ? { headers: fuzzCase.headers } : {}),
    unchecked: true,
  });
  statuses.add(response.status);
  const request = describeRequest(fuzzCase);
  const stack = thrown.length > 0 ? thrown.join('\n---\n') : undefined;
  if (response.status >= 500)
    return {
      request,
      status: response.status,
      problem: `answered ${response.status}: ${response.text.slice(0, 300)}`,
      ...(stack ? { stack } : {}),
    };
  try {
    const type = response.headers['content-type'];
    assertDocumentedResponse(
      fuzzCase.method,
      fuzzCase.url,
      response.status,
      response.text,
      typeof type === 'string' ? type : undefined,
    );
  } catch (error) {
    return {
      request,
      status: response.status,
      problem: error instanceof Error ? error.message : String(error),
    };
  }
  return undefined;
}

export function formatFailures(failures: Failure[]): string {
  return failures
    .map(
      (f) =>
        `${f.operationId} as ${f.role}, case ${f.index}: ${f.problem}\n  request: ${f.request}` +
        (f.stack ? `\n  thrown: ${f.stack.split('\n').slice(0, 8).join('\n    ')}` : ''),
    )
    .join('\n\n');
}
