import { spawnSync } from 'node:child_process';
import { buildApp } from './app.ts';
import { clientBuildNeeded } from './client/client-build.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { registerDemoContent } from './demo/register.ts';
import { seed } from './seed.ts';

/** `npm start`: migrate, seed, build the client if needed, serve API + client on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  registerDemoContent();
  await seed(db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demoSeed: config.demoSeed,
  });
  if (clientBuildNeeded(config.clientDir, process.cwd())) {
    process.stdout.write(
      `The client in ${config.clientDir} is missing or older than its sources; running npm run build ...\n`,
    );
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0)
      process.stdout.write('Client build failed or missing; serving the API with a plain notice page.\n');
  }
  const app = await buildApp({ config, db });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(`\nAtlasboard is running at ${config.appUrl ?? `http://${shown}:${config.port}`}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Atlasboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
