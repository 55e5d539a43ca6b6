import { spawn } from 'node:child_process';
import { buildApp } from './app.ts';
import { clientBuildNeeded } from './client/client-build.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { warmUpGeometry } from './db/warm-up.ts';
import { warmPointIndexes } from './features/point-index.ts';
import { registerDemoContent } from './demo/register.ts';
import { seed } from './seed.ts';
import { EXPORT_JOB, purgeExpiredExports } from './exports/export-job.ts';
import { configuredExportRunner } from './exports/export-requests.ts';
import { createJobWorker } from './jobs/job-worker.ts';
import { IMPORT_JOB, importRunner } from './imports/import-job.ts';
import { linkOrigin } from './mail/link-origin.ts';
import { epanet } from './water-network/epanet-thread.ts';
import { warmWaterNetworks } from './water-network/warm-models.ts';
import { createMailer } from './mail/mailer.ts';
import { fileStore } from './storage/file-store.ts';

/** `npm start`: migrate, seed, build the client if needed, serve API + client on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The client build is a process of its own: it runs while the database is opened and seeded.
  const clientBuilt = buildClientIfNeeded(config.clientDir);
  const db = await openDatabase(config);
  await migrate(db);
  await warmUpGeometry(db);
  registerDemoContent();
  await seed(db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demoSeed: config.demoSeed,
  });
  await clientBuilt;
  const app = await buildApp({ config, db });
  // Every instance works the shared jobs table (exports, large imports); see server/src/jobs/.
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    log: app.log,
  });
  const worker = createJobWorker({
    db,
    runners: {
      [EXPORT_JOB]: configuredExportRunner(db, config, mailer, app.log),
      [IMPORT_JOB]: importRunner({ db, store: fileStore(config) }),
    },
    leaseMs: config.jobLeaseMs,
    pollMs: config.jobPollMs,
    onError: (error, job) => app.log.error({ err: error, job: job.id }, 'job failed'),
  });
  worker.start();
  const purge = setInterval(() => {
    purgeExpiredExports(db, config.dataDir, fileStore(config)).catch((error: unknown) =>
      app.log.error({ err: error }, 'purging expired exports failed'),
    );
  }, 10 * 60_000);
  const close = async () => {
    clearInterval(purge);
    await worker.stop();
    await app.close();
    await epanet().close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  // EPANET's worker thread starts now, beside the serving one, and the latest maps' hydraulic
  // models are built: the first simulation finds them ready, and readiness never waited.
  warmWaterNetworks(db).catch((error: unknown) =>
    app.log.error({ err: error }, 'warming the EPANET worker and models failed'),
  );
  // The biggest point layers' indexes are read in the background, between requests.
  warmPointIndexes(db).catch((error: unknown) =>
    app.log.error({ err: error }, 'reading the point indexes failed'),
  );
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(`\nAtlasboard is running at ${config.appUrl ?? `http://${shown}:${config.port}`}\n`);
  if (config.appUrl === undefined)
    process.stdout.write(
      `Links in mail point to ${linkOrigin(config, app)} (never to a request's Host); set APP_URL to the public address.\n`,
    );
}

async function buildClientIfNeeded(clientDir: string): Promise<void> {
  if (!clientBuildNeeded(clientDir, process.cwd())) return;
  process.stdout.write(
    `The client in ${clientDir} is missing or older than its sources; running npm run build:client ...\n`,
  );
  const status = await new Promise<number | null>((resolve) => {
    const build = spawn('npm', ['run', 'build:client'], { stdio: 'inherit' });
    build.once('error', () => resolve(null));
    build.once('exit', (code) => resolve(code));
  });
  if (status !== 0)
    process.stdout.write('Client build failed or missing; serving the API with a plain notice page.\n');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Atlasboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
