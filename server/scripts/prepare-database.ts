import { DEFAULT_TEMPLATE_DIR, readTemplate, writeTemplate } from '../src/db/pglite-template.ts';

// Part of `npm run build`: the migrated empty database a first `npm start` loads instead of
// creating PostGIS from scratch. Nothing to do when this engine and these migrations have one.
if (readTemplate() === undefined) {
  const started = Date.now();
  await writeTemplate();
  process.stdout.write(
    `Prepared the embedded database template in ${DEFAULT_TEMPLATE_DIR} (${Date.now() - started} ms)\n`,
  );
}
