import { open, rm } from 'node:fs/promises';
import { dbfHeader, dbfRecord, type DbfColumn } from './dbf-table.ts';
import { extendExtent, fileSink, type Extent } from './export-writer.ts';
import { SHAPE, shapeFileHeader, shapeRecord } from './shp-geometry.ts';

type Geometry = { type: string; coordinates: unknown } | null;

/** The name suffix ogr2ogr gives each shape type when it splits a layer of mixed geometries. */
export const SHAPE_SUFFIX: Readonly<Record<number, string>> = {
  [SHAPE.null]: 'none',
  [SHAPE.point]: 'point',
  [SHAPE.multipoint]: 'multipoint',
  [SHAPE.polyline]: 'line',
  [SHAPE.polygon]: 'polygon',
};

/**
 * One shapefile (.shp, .shx, .dbf side files) of a single shape type. The parts are streamed
 * to disk; finish() patches their headers with the real lengths, counts and extent.
 */
export function shapeSet(path: string, shapeType: number, columns: DbfColumn[]) {
  const parts = { shp: `${path}.shp`, shx: `${path}.shx`, dbf: `${path}.dbf` };
  const shp = fileSink(parts.shp);
  const shx = fileSink(parts.shx);
  const dbf = fileSink(parts.dbf);
  let offset = 100;
  let count = 0;
  let extent: Extent | null = null;
  // Placeholders, rewritten in finish().
  const started = Promise.all([
    shp.write(Buffer.alloc(100)),
    shx.write(Buffer.alloc(100)),
    dbf.write(dbfHeader(columns, 0)),
  ]);

  return {
    shapeType,
    parts,
    async add(geometry: Geometry, values: (string | number | boolean | null)[]): Promise<void> {
      await started;
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
      await dbf.write(dbfRecord(columns, values));
    },
    async finish(): Promise<void> {
      await started;
      await dbf.write(Buffer.from([0x1a]));
      await Promise.all([shp.close(), shx.close(), dbf.close()]);
      await patch(parts.shp, shapeFileHeader(offset, shapeType, extent));
      await patch(parts.shx, shapeFileHeader(100 + count * 8, shapeType, extent));
      await patch(parts.dbf, dbfHeader(columns, count).subarray(0, 32));
    },
    remove: () => Promise.all(Object.values(parts).map((part) => rm(part, { force: true }))),
  };
}

export type ShapeSet = ReturnType<typeof shapeSet>;

async function patch(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.write(bytes, 0, bytes.length, 0);
  } finally {
    await handle.close();
  }
}
