import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Zip, ZipDeflate } from 'fflate';
import { dbfColumns, dbfHeader, dbfRecord } from './dbf-table.ts';
import {
  extendExtent,
  fieldValue,
  fileSink,
  type Extent,
  type ExportWriter,
  type ExportWriterOptions,
} from './export-writer.ts';
import { shapeFileHeader, shapeRecord, shapeTypeOf } from './shp-geometry.ts';
import { tableName } from './gpkg-writer.ts';

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/**
 * A zipped Shapefile (.shp, .shx, .dbf, .prj, .cpg). The parts are streamed to side files
 * (headers patched once the counts are known), then streamed into the zip: memory stays flat.
 */
export function shpWriter(options: ExportWriterOptions): ExportWriter {
  const base = tableName(options.title);
  const parts = { shp: `${options.path}.shp`, shx: `${options.path}.shx`, dbf: `${options.path}.dbf` };
  const shp = fileSink(parts.shp);
  const shx = fileSink(parts.shx);
  const dbf = fileSink(parts.dbf);
  const columns = dbfColumns(options.fields);
  let shapeType = shapeTypeOf(options.geometryType);
  let offset = 100;
  let count = 0;
  let extent: Extent | null = null;
  let started = false;

  async function start(): Promise<void> {
    started = true;
    // Placeholders, rewritten in finish() with the real lengths, counts and extent.
    await shp.write(Buffer.alloc(100));
    await shx.write(Buffer.alloc(100));
    await dbf.write(dbfHeader(columns, 0));
  }

  return {
    async write(rows) {
      if (!started) await start();
      for (const row of rows) {
        const geometry = row.geometry
          ? (JSON.parse(row.geometry) as { type: string; coordinates: unknown })
          : null;
        // Several layers (a filter export): the first geometry decides the shape type.
        if (shapeType === 0 && geometry) shapeType = shapeTypeOf(geometry.type);
        const { content, bbox } = shapeRecord(shapeType, geometry);
        count += 1;
        const head = Buffer.alloc(8);
        head.writeInt32BE(count, 0);
        head.writeInt32BE(content.length / 2, 4);
        await shp.write(Buffer.concat([head, content]));
        const index = Buffer.alloc(8);
        index.writeInt32BE(offset / 2, 0);
        index.writeInt32BE(content.length / 2, 4);
        await shx.write(index);
        offset += 8 + content.length;
        extent = extendExtent(extent, bbox);
        // Same order as dbfColumns: the id, then each field.
        const values = [
          row.id,
          ...options.fields.map((field) => fieldValue(field, row.properties[field.name])),
        ];
        await dbf.write(dbfRecord(columns, values));
      }
    },
    async finish() {
      if (!started) await start();
      await dbf.write(Buffer.from([0x1a]));
      await Promise.all([shp.close(), shx.close(), dbf.close()]);
      await patch(parts.shp, shapeFileHeader(offset, shapeType, extent));
      await patch(parts.shx, shapeFileHeader(100 + count * 8, shapeType, extent));
      await patch(parts.dbf, dbfHeader(columns, count).subarray(0, 32));
      try {
        await zipParts(options.path, [
          [`${base}.shp`, parts.shp],
          [`${base}.shx`, parts.shx],
          [`${base}.dbf`, parts.dbf],
          [`${base}.prj`, Buffer.from(WGS84_PRJ)],
          [`${base}.cpg`, Buffer.from('UTF-8')],
        ]);
      } finally {
        await Promise.all(Object.values(parts).map((part) => rm(part, { force: true })));
      }
    },
  };
}

async function patch(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.write(bytes, 0, bytes.length, 0);
  } finally {
    await handle.close();
  }
}

/** Streams files (or small buffers) into a zip at `target`, one chunk at a time. */
async function zipParts(target: string, entries: [string, string | Buffer][]): Promise<void> {
  const sink = fileSink(target);
  let pending: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  let done: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    pending = pending.then(() => sink.write(chunk));
    if (final) done();
  });
  for (const [name, source] of entries) {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    if (Buffer.isBuffer(source)) {
      entry.push(source, true);
      continue;
    }
    for await (const chunk of createReadStream(source)) {
      entry.push(chunk as Buffer);
      await pending;
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await ended;
  await pending;
  await sink.close();
  if (failure) throw failure;
}
