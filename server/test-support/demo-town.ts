import { loadConfig } from '../src/config.ts';
import type { Database, Queryable } from '../src/db/database.ts';
import { registerDemoContent } from '../src/demo/register.ts';
import { seed } from '../src/seed.ts';

/** What `npm start` does on an empty database: register the demo content, then seed with the env's DEMO_SEED. */
export async function startOnEmptyDatabase(db: Database, env: Record<string, string>): Promise<void> {
  registerDemoContent();
  await seed(db, {
    adminEmail: 'admin@example.com',
    adminPassword: 'a long admin password',
    demoSeed: loadConfig(env).demoSeed,
  });
}

export const count = async (db: Queryable, sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? -1;

export interface DemoLayerIds {
  pipes: number;
  valves: number;
  hydrants: number;
  zones: number;
}

/** The demo layers' ids, found by their names as a viewer would. */
export async function demoLayerIds(db: Queryable): Promise<DemoLayerIds> {
  const rows = await db.query<{ id: number; name: string }>('SELECT id, name FROM layers');
  const id = (name: string) => rows.find((row) => row.name === name)?.id ?? -1;
  return { pipes: id('Pipes'), valves: id('Valves'), hydrants: id('Hydrants'), zones: id('Pressure zones') };
}
