import { createReadStream } from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';
import { dbfColumns } from './dbf-table.ts';
import {
  fieldValue,
  fileSink,
  type ExportWriter,
  type ExportWriterOptions,
  ownValue,
} from './export-writer.ts';
import { shapeTypeOf } from './shp-geometry.ts';
import { SHAPE_SUFFIX, shapeSet, type ShapeSet } from './shp-set.ts';
import { tableName } from './gpkg-writer.ts';

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/**
 * A zipped Shapefile (.shp, .shx, .dbf, .prj, .cpg). A Shapefile holds one shape type, so
 * features of several types (a layer of any geometry, a filter over several layers) make
 * one shapefile per type in the zip, named as ogr2ogr names them (`name_point`,
 * `name_line`, `name_polygon`): no feature loses its shape. The parts are streamed to side
 * files, then into the zip: memory stays flat.
 */
export function shpWriter(options: ExportWriterOptions): ExportWriter {
  const base = tableName(options.title);
  const columns = dbfColumns(options.fields);
  const declared = shapeTypeOf(options.geometryType);
  const sets = new Map<number, ShapeSet>();
  const setOf = (shapeType: number): ShapeSet => {
    let set = sets.get(shapeType);
    if (!set) {
      set = shapeSet(`${options.path}.${SHAPE_SUFFIX[shapeType] ?? shapeType}`, shapeType, columns);
      sets.set(shapeType, set);
    }
    return set;
  };

  return {
    async write(rows) {
      for (const row of rows) {
        const geometry = row.geometry
          ? (JSON.parse(row.geometry) as { type: string; coordinates: unknown })
          : null;
        // A feature without geometry is a null shape, in the layer's own shapefile if it has a type.
        const shapeType = geometry ? shapeTypeOf(geometry.type) : declared;
        // Same order as dbfColumns: the id, then each field.
        const values = [
          row.id,
          ...options.fields.map((field) => fieldValue(field, ownValue(row.properties, field.name))),
        ];
        await setOf(shapeType).add(geometry, values);
      }
    },
    async finish() {
      // An empty export is an empty shapefile of the layer's type.
      if (sets.size === 0) setOf(declared);
      const all = [...sets.values()].sort((a, b) => a.shapeType - b.shapeType);
      try {
        await Promise.all(all.map((set) => set.finish()));
        const single = all.length === 1;
        await zipParts(
          options.path,
          all.flatMap((set) => {
            const name = single ? base : `${base}_${SHAPE_SUFFIX[set.shapeType] ?? set.shapeType}`;
            return [
              [`${name}.shp`, set.parts.shp],
              [`${name}.shx`, set.parts.shx],
              [`${name}.dbf`, set.parts.dbf],
              [`${name}.prj`, Buffer.from(WGS84_PRJ)],
              [`${name}.cpg`, Buffer.from('UTF-8')],
            ] as [string, string | Buffer][];
          }),
        );
      } finally {
        await Promise.all(all.map((set) => set.remove()));
      }
    },
  };
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
