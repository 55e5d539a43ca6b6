import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { migrate } from '../src/db/migrate.ts';
import { fileStore } from '../src/storage/file-store.ts';
import { migrateLocalFilesToBucket } from '../src/storage/storage-migrate.ts';

// `npm run storage:migrate [-- --keep-local]`: once, when a single machine moves to STORAGE=s3.
// Reads the same settings as the server (DATA_DIR, DATABASE_URL, STORAGE=s3, S3_*).
const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  const report = await migrateLocalFilesToBucket(db, config, {
    keepLocal: process.argv.includes('--keep-local'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `Moved into s3://${config.storage.kind === 's3' ? config.storage.bucket : ''}: ${report.attachments} attachments, ${report.exports} exports, ${report.imports} waiting imports.\n`,
  );
} finally {
  fileStore(config).close();
  await db.close();
}
