import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { seed } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => t.database.reset());

describe('first admin', () => {
  it('generates a random password on an empty database, prints it once, and it signs in', async () => {
    const printed: string[] = [];
    const first = await seed(t.database.db, {
      adminEmail: undefined,
      adminPassword: undefined,
      demoSeed: false,
      print: (text) => printed.push(text),
    });
    expect(first.adminCreated).toBe(true);
    const password = first.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(printed.join('')).toContain(password);
    const client = t.client();
    expect((await client.login('admin@example.com', password)).status).toBe(200);
    expect((await client.get('/api/user')).json()).toMatchObject({ data: { type: 'admin' } });

    const again = await seed(t.database.db, {
      adminEmail: undefined,
      adminPassword: undefined,
      demoSeed: false,
      print: (text) => printed.push(text),
    });
    expect(again).toEqual({ adminCreated: false, generatedPassword: undefined });
    expect(printed).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, and two runs never pick the same password', async () => {
    const result = await seed(t.database.db, {
      adminEmail: 'boss@example.org',
      adminPassword: 'chosen by the operator',
      demoSeed: false,
    });
    expect(result.generatedPassword).toBeUndefined();
    expect((await t.client().login('boss@example.org', 'chosen by the operator')).status).toBe(200);
    await t.database.reset();
    const a = await seed(t.database.db, {
      adminEmail: undefined,
      adminPassword: undefined,
      demoSeed: false,
      print: () => undefined,
    });
    await t.database.reset();
    const b = await seed(t.database.db, {
      adminEmail: undefined,
      adminPassword: undefined,
      demoSeed: false,
      print: () => undefined,
    });
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
  });

  it('keeps nothing of a transaction that fails half-way', async () => {
    const attempt = t.database.db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO users (name, email, password_hash, type) VALUES ('Half', 'half@example.com', 'x', 'user')",
      );
      await tx.query(
        "INSERT INTO users (name, email, password_hash, type) VALUES ('Bad', 'bad@example.com', 'x', 'superuser')",
      );
    });
    await expect(attempt).rejects.toThrow();
    expect(await t.database.db.query('SELECT 1 FROM users')).toEqual([]);
  });

  it('runs migrations once', async () => {
    expect(await migrate(t.database.db)).toEqual([]);
  });
});

describe('embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlasboard-data-'));
  // No migrated template (which `npm run build` may have left in node_modules/.cache): the
  // first start must run every migration itself, whatever ran on this machine before.
  const noTemplate = mkdtempSync(path.join(tmpdir(), 'atlasboard-no-template-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(noTemplate, { recursive: true, force: true });
  });

  it('keeps its data under DATA_DIR across restarts', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir }, { templateDir: noTemplate });
    expect(await migrate(first)).toContain('001_accounts');
    await seed(first, { adminEmail: 'kept@example.com', adminPassword: 'kept password', demoSeed: false });
    await first.close();

    const second = await openDatabase({ databaseUrl: undefined, dataDir }, { templateDir: noTemplate });
    expect(await migrate(second)).toEqual([]);
    const rows = await second.query<{ email: string }>('SELECT email FROM users');
    expect(rows.map((row) => row.email)).toEqual(['kept@example.com']);
    const point = await second.query<{ wkt: string }>(
      'SELECT ST_AsText(ST_SetSRID(ST_MakePoint(13.4, 52.5), 4326)) AS wkt',
    );
    expect(point[0]?.wkt).toBe('POINT(13.4 52.5)');
    await second.close();
    // Two cold starts of PGlite with PostGIS plus every migration: slow on a busy 2-core machine.
  }, 180_000);
});
