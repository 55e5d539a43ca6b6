import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { openTestDatabase, type TestDatabase } from '../../../server/test-support/test-database.ts';
import { createExportStateHandlers } from './export-states.ts';
import { createMapStateHandlers } from './map-states.ts';
import { createStateHandlers, resetForInteraction, type PactContext } from './provider-states.ts';
import { createWaterNetworkStateHandlers } from './water-network-states.ts';
import { createTokenStateHandlers } from './token-states.ts';
import { createRequestFilter } from './request-filter.ts';

process.env.PACT_DO_NOT_TRACK = 'true';

// PACT_CONTRACTS_DIR lets a run verify pacts kept elsewhere (e.g. fetched from a broker).
const CONTRACTS_DIR = path.resolve(
  process.env.PACT_CONTRACTS_DIR ?? path.join(import.meta.dirname, '../../../contracts'),
);

function pactFiles(): string[] {
  if (!existsSync(CONTRACTS_DIR)) return [];
  return readdirSync(CONTRACTS_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(CONTRACTS_DIR, name));
}

let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
const context: PactContext = { session: undefined, totpSecret: undefined };
// Feature-file and export states put real bytes where the server reads them (DATA_DIR/files, DATA_DIR/exports).
const dataDir = mkdtempSync(path.join(tmpdir(), 'pact-provider-data-'));

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: '/nonexistent-pact-client',
    LOG_LEVEL: 'warn',
    // The registration interactions need it open (the default is closed).
    REGISTRATION: 'open',
  });
  const sent: unknown[] = [];
  app = await buildApp({
    config,
    db: database.db,
    logger: false,
    mailer: { send: async (message) => void sent.push(message) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Pact provider verification', () => {
  it('the server honours every pact in contracts/', async () => {
    const files = pactFiles();
    expect(
      files,
      `no pact files in ${CONTRACTS_DIR}: run the pact-consumer tests first (npx vitest run --project pact-consumer)`,
    ).not.toEqual([]);
    const stateHandlers = Object.fromEntries(
      Object.entries({
        ...createStateHandlers(database.db, context),
        ...createMapStateHandlers(database.db, context, path.join(dataDir, 'files')),
        ...createExportStateHandlers(database.db, context, dataDir),
        ...createWaterNetworkStateHandlers(database.db),
        ...createTokenStateHandlers(database.db, context),
      }).map(([name, handler]) => [
        name,
        async (params?: unknown) => {
          await handler((params ?? {}) as Record<string, unknown>);
          return undefined;
        },
      ]),
    );
    await new Verifier({
      provider: 'atlasboard-api',
      providerBaseUrl: baseUrl,
      pactUrls: files,
      logLevel: 'warn',
      beforeEach: () => resetForInteraction(database.db, context),
      stateHandlers,
      requestFilter: createRequestFilter(context),
    }).verifyProvider();
  });
});
