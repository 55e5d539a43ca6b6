import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig, type ServerConfig } from '../src/config.ts';
import type { OperationHandlers } from '../src/openapi/bind-operations.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { type UserRecord, type UserType } from '../src/users/user-record.ts';
import { insertUser } from '../src/users/users-store.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';
import { TestClient } from './test-client.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: ServerConfig;
  /** Messages sent through the in-memory mailer (when no SMTP_URL is configured). */
  mail: MailMessage[];
  client(): TestClient;
  createUser(
    fields?: Partial<{ name: string; email: string; password: string; type: UserType }>,
  ): Promise<UserRecord & { password: string }>;
  /** A client signed in as a new user of this type. */
  signedIn(type: UserType): Promise<{ client: TestClient; user: UserRecord & { password: string } }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestApp(
  env: Record<string, string | undefined> = {},
  /** Replaces the app's handlers (e.g. wrapped to record what they throw). */
  handlers?: OperationHandlers,
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data',
    CLIENT_DIR: '/nonexistent-test-client',
    ...env,
  });
  const mail: MailMessage[] = [];
  const memoryMailer: Mailer = { send: async (message) => void mail.push(message) };
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    ...(handlers ? { handlers } : {}),
    ...(config.smtpUrl === undefined ? { mailer: memoryMailer } : {}),
  });
  await app.ready();
  const createUser: TestApp['createUser'] = async (fields = {}) => {
    counter += 1;
    const password = fields.password ?? `password-${counter}-long`;
    const user = await insertUser(database.db, {
      name: fields.name ?? `Person ${counter}`,
      email: fields.email ?? `person${counter}.${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
      type: fields.type ?? 'user',
    });
    return { ...user, password };
  };
  return {
    app,
    database,
    config,
    mail,
    client: () => new TestClient(app),
    createUser,
    async signedIn(type) {
      const user = await createUser({ type });
      const client = new TestClient(app);
      const response = await client.login(user.email, user.password);
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
      return { client, user };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
