import { randomBytes } from 'node:crypto';
import { hashPassword } from './auth/passwords.ts';
import type { Database } from './db/database.ts';
import { insertUser } from './users/users-store.ts';

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoSeed: boolean;
  /** Where a generated password is shown; stdout by default (it is printed once, never logged). */
  print?: (text: string) => void;
}

export interface SeedResult {
  adminCreated: boolean;
  generatedPassword: string | undefined;
}

/** The first admin's address when ADMIN_EMAIL is unset. */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/** Demo content hooks run on an empty database unless DEMO_SEED=0; maps add theirs here. */
export type DemoSeeder = (db: Database, adminId: number) => Promise<void>;
const demoSeeders: DemoSeeder[] = [];
export function addDemoSeeder(seeder: DemoSeeder): void {
  demoSeeders.push(seeder);
}

/** First admin on an empty database: from ADMIN_EMAIL/ADMIN_PASSWORD, or a random password printed once. */
export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  const count = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n ?? 0;
  if (count > 0) return { adminCreated: false, generatedPassword: undefined };
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword =
    options.adminPassword === undefined ? randomBytes(12).toString('base64url') : undefined;
  const password = options.adminPassword ?? generatedPassword ?? '';
  const admin = await insertUser(db, {
    name: 'Admin',
    email,
    passwordHash: await hashPassword(password),
    type: 'admin',
  });
  if (generatedPassword !== undefined) {
    const print = options.print ?? ((text: string) => process.stdout.write(text));
    print(
      [
        '',
        '==================================================================',
        ' First admin account created (shown only this once):',
        `   email:    ${email}`,
        `   password: ${generatedPassword}`,
        ' Set ADMIN_EMAIL / ADMIN_PASSWORD to choose them instead.',
        '==================================================================',
        '',
      ].join('\n'),
    );
  }
  if (options.demoSeed) for (const seeder of demoSeeders) await seeder(db, admin.id);
  return { adminCreated: true, generatedPassword };
}
