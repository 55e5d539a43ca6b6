import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { OpenApiDocument } from './openapi/document.ts';

/** What operation handlers may use; built once per app, shared by every request. */
export interface AppServices {
  config: ServerConfig;
  db: Database;
  mailer: Mailer;
  document: OpenApiDocument;
  log: FastifyBaseLogger;
}
