import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCase } from '../../test-support/fuzz/cases.ts';
import type { Targets } from '../../test-support/fuzz/hints.ts';
import {
  addPrivateRows,
  formatFailures,
  recordingHandlers,
  ROLES,
  runCase,
  signIn,
  stillSelf,
  type Caller,
  type Failure,
  type Role,
} from '../../test-support/fuzz/harness.ts';
import { multipartBody } from '../../test-support/fuzz/multipart.ts';
import { Rng, seedOf } from '../../test-support/fuzz/random.ts';
import { createWorld } from '../../test-support/fuzz/world.ts';
import { allOperations } from '../../test-support/openapi-response.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { loadDocument, type Operation } from './document.ts';

/**
 * Every operation of the document, called by each kind of caller with inputs made
 * from its schemas, valid and broken. Nothing may answer 5xx, and every answer must be one
 * the document describes (status and body). The cases come from a fixed seed, so a failure
 * names the operation, caller and request, and the same run reproduces it.
 */
const SEED = 20;
const VALID_CASES = 6;
const INVALID_CASES = 6;

/** Operations that may sign the caller out, in as someone else, or change its role. */
const SESSION_CHANGING = new Set([
  'login',
  'loginTwoFactor',
  'register',
  'logout',
  'resetPassword',
  'updateUser',
  'deleteUser',
  'startTwoFactor',
  'confirmTwoFactor',
  'disableTwoFactor',
]);

// Reads first, deletes last: each operation has a fresh world, but the order keeps the log readable.
const rank = (operation: Operation) =>
  ({ get: 0, post: 1, put: 1, patch: 1, delete: 2 })[operation.method as 'get'] ?? 1;
const operations = [...allOperations()].sort((a, b) => rank(a) - rank(b));
const document = loadDocument();

let t: TestApp;
let dataDir: string;
const callers = new Map<Role, Caller>();
const exportIds: string[] = [];
const importIds: string[] = [];
const reached = new Map<string, Set<number>>();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-fuzz-'));
  t = await startTestApp({ DATA_DIR: dataDir }, recordingHandlers());
  for (const role of ROLES) callers.set(role, await signIn(t, role));
  // Jobs to look up: an export of each signed-in caller and an import (never run: they stay pending).
  const world = await createWorld(t.database.db);
  for (const role of ROLES.filter((r) => r !== 'anonymous')) {
    const caller = callers.get(role) as Caller;
    const started = await caller.client.post(`/api/maps/${world.mapId}/export-features`, {
      format: 'geojson',
      layer_id: world.layerIds.point,
    });
    exportIds.push(started.json<{ data: { id: string } }>().data.id);
  }
  const upload = multipartBody([
    {
      name: 'file',
      filename: 'one.geojson',
      value:
        '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"a":1}}]}',
    },
  ]);
  const imported = await (callers.get('admin') as Caller).client.request(
    'POST',
    `/api/maps/${world.mapId}/layer-imports`,
    upload,
  );
  importIds.push(imported.json<{ data: { id: string } }>().data.id);
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
  const statuses = [...reached].map(([id, set]) => `${id}: ${[...set].sort().join(' ')}`);
  console.info(`fuzz: statuses per operation\n${statuses.join('\n')}`);
});

describe('the document under fuzzing', () => {
  it.each(
    operations.map(
      (operation) =>
        [
          `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`,
          operation,
        ] as const,
    ),
  )('%s: no 5xx and only documented answers, for every caller', async (_label, operation) => {
    const world = await createWorld(t.database.db);
    const victim = await t.createUser({ type: 'user' });
    const signedIn = ROLES.filter((role) => role !== 'anonymous').map(
      (role) => (callers.get(role) as Caller).account.id,
    );
    const failures: Failure[] = [];
    const statuses = new Set<number>();
    for (const role of ROLES) {
      const rng = new Rng(seedOf(`${operation.operationId}/${role}`, SEED));
      // The caller's own bookmark first, then the others'.
      const self = callers.get(role) as Caller;
      const owners = [self.account.id, ...signedIn.filter((id) => id !== self.account.id)].filter(
        (id) => id > 0,
      );
      // An earlier caller's valid case may have deleted a point: the rows go on one still there.
      const [point] = await t.database.db.query<{ id: number }>(
        'SELECT id FROM features WHERE id = ANY($1::int[]) ORDER BY id LIMIT 1',
        [world.featureIds.point],
      );
      const privateRows = await addPrivateRows(t, dataDir, world.mapId, point?.id ?? 0, owners);
      for (let index = 0; index < VALID_CASES + INVALID_CASES; index += 1) {
        const caller = callers.get(role) as Caller;
        const targets: Targets = {
          world,
          self: caller.account,
          victim: { id: victim.id, email: victim.email, password: victim.password },
          bookmarkIds: privateRows.bookmarkIds.length > 0 ? privateRows.bookmarkIds : [1],
          fileId: privateRows.fileId,
          exportIds,
          importIds,
        };
        const fuzzCase = makeCase(
          document,
          operation,
          targets,
          rng,
          index < VALID_CASES ? 'valid' : 'invalid',
        );
        const failure = await runCase(caller, fuzzCase, statuses);
        if (failure) failures.push({ operationId: operation.operationId, role, index, ...failure });
        if (SESSION_CHANGING.has(operation.operationId) && !(await stillSelf(t, caller)))
          callers.set(role, await signIn(t, role));
      }
    }
    reached.set(operation.operationId, statuses);
    expect(formatFailures(failures)).toBe('');
  });
});
