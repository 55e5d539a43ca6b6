import { open } from 'node:fs/promises';
import {
  extendExtent,
  fieldValue,
  fileSink,
  type Extent,
  type ExportWriter,
  type ExportWriterOptions,
  ownValue,
} from './export-writer.ts';
import { gpkgPrefix, type GpkgPrefix, type GpkgSchema } from './gpkg-schema.ts';
import { sqliteRecord } from './sqlite-record.ts';
import { tableBTree } from './sqlite-table-btree.ts';

/** The one table name: the layer title made into a plain identifier. */
export const tableName = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'features';

/**
 * GeoPackage geometry blob (GPKG spec 2.1.3): header, xy envelope, then the WKB from PostGIS
 * (bytes, or hex text decoded straight into the blob).
 */
function gpkgBlob(wkb: Uint8Array | string, bbox: [number, number, number, number]): Uint8Array {
  const blob = new Uint8Array(40 + (typeof wkb === 'string' ? wkb.length / 2 : wkb.length));
  const view = new DataView(blob.buffer);
  blob[0] = 0x47; // 'G'
  blob[1] = 0x50; // 'P'
  blob[2] = 0; // version 1
  blob[3] = 0b0000_0011; // little endian, envelope [minx, maxx, miny, maxy]
  view.setInt32(4, 4326, true);
  const [minX, minY, maxX, maxY] = bbox;
  [minX, maxX, minY, maxY].forEach((value, index) => view.setFloat64(8 + index * 8, value, true));
  if (typeof wkb === 'string')
    Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength).write(wkb, 40, 'hex');
  else blob.set(wkb, 40);
  return blob;
}

/** Header fields patched once the file is complete (fileformat2 §1.3). */
function patchHeader(prefix: Uint8Array, totalPages: number): void {
  const view = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  if (view.getUint32(32) !== 0 || view.getUint32(36) !== 0) throw new Error('the prefix has free pages');
  if (view.getUint32(44) !== 4) throw new Error('the prefix is not schema format 4');
  view.setUint32(28, totalPages);
  // The in-header size counts only while "version valid for" equals the change counter.
  view.setUint32(92, view.getUint32(24));
}

export const GPKG_PAGE_SIZE = 4096;

/**
 * A GeoPackage written as a stream: sql.js makes the small fixed part (metadata tables, the
 * empty feature table), and the feature rows are written straight into SQLite pages after it,
 * in fid order, a page at a time: memory stays flat however large the export. At the end the
 * fixed part is made again with the extent and written over the placeholder at the start,
 * with the feature table's root page put in place.
 *
 * fids are the feature ids while they ascend (one layer: always). An export of several layers
 * gives a row whose id is not above the last fid the next free fid, as a b-tree is written in
 * rowid order.
 */
export function gpkgWriter(options: ExportWriterOptions, pageSize = GPKG_PAGE_SIZE): ExportWriter {
  const schema: GpkgSchema = {
    table: tableName(options.title),
    fields: options.fields,
    geometryType: (options.geometryType ?? 'GEOMETRY').toUpperCase(),
    pageSize,
  };
  let extent: Extent | null = null;
  let lastFid = 0;
  const sink = fileSink(options.path);
  const ready = gpkgPrefix(schema, null).then(async (prefix) => {
    // Room for the fixed part, overwritten in finish(); the rows' pages follow it.
    await sink.write(new Uint8Array(prefix.bytes.length));
    return { prefix, tree: tableBTree(sink, pageSize, prefix.pages + 1) };
  });
  // Awaited by write() and finish(); this only keeps a failure before the first write from
  // being reported as unhandled.
  ready.catch(() => undefined);

  return {
    async write(rows) {
      const { tree } = await ready;
      for (const row of rows) {
        const bbox = row.bbox ?? null;
        extent = extendExtent(extent, bbox);
        const values = options.fields.map((field) => {
          const value = fieldValue(field, ownValue(row.properties, field.name));
          return typeof value === 'boolean' ? Number(value) : value;
        });
        lastFid = row.id > lastFid ? row.id : lastFid + 1;
        // The fid column aliases the rowid, so the record stores it as NULL.
        const geometry = row.wkb && bbox ? gpkgBlob(row.wkb, bbox) : null;
        await tree.add(lastFid, sqliteRecord([null, geometry, ...values]));
      }
    },
    async finish() {
      const { prefix: placeholder, tree } = await ready;
      const root = await tree.finish();
      await sink.close();
      const prefix = await gpkgPrefix(schema, extent);
      if (!samePages(prefix, placeholder)) throw new Error('the GeoPackage fixed part changed size');
      prefix.bytes.set(root, (prefix.rootPage - 1) * pageSize);
      patchHeader(prefix.bytes, prefix.pages + tree.pagesWritten);
      const handle = await open(options.path, 'r+');
      try {
        await handle.write(prefix.bytes, 0, prefix.bytes.length, 0);
      } finally {
        await handle.close();
      }
    },
  };
}

const samePages = (a: GpkgPrefix, b: GpkgPrefix) => a.pages === b.pages && a.rootPage === b.rootPage;
