import { addDemoSeeder } from '../seed.ts';
import { seedDemoTown } from './seed-demo-town.ts';

let registered = false;

/** `npm start` calls this before seed(): the demo town is then written on an empty database unless DEMO_SEED=0. */
export function registerDemoContent(): void {
  if (registered) return;
  registered = true;
  addDemoSeeder(async (db, adminId) => {
    await seedDemoTown(db, adminId);
  });
}
