import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ExportRow } from '../export-scope.ts';

/** An attribute column of the export, from the layers' schemas (docs/decisions.md#exports). */
export interface ExportField {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'enum' | 'url';
}

export interface ExportWriterOptions {
  /** Where to write (a temp name; the caller renames it when complete). */
  path: string;
  fields: ExportField[];
  /** Layer name, used as the table / folder / sheet name. */
  title: string;
  /** The layer's geometry type when the export has one layer (GeoPackage and Shapefile declare it). */
  geometryType: string | null;
}

export interface ExportWriter {
  write(rows: ExportRow[]): Promise<void>;
  finish(): Promise<void>;
}

/** A file written in order with backpressure: awaiting each write keeps memory flat. */
export function fileSink(path: string) {
  const stream = createWriteStream(path);
  return {
    async write(text: string | Uint8Array): Promise<void> {
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async close(): Promise<void> {
      stream.end();
      await once(stream, 'finish');
    },
  };
}

/**
 * The feature's own value of a field: a plain `properties[name]` of a feature without the
 * property would find `constructor` or `toString` on every object and export the function.
 */
export function ownValue(properties: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(properties, name) ? properties[name] : undefined;
}

/** A property value as the field's type says, or null when it does not fit. */
export function fieldValue(field: ExportField, raw: unknown): string | number | boolean | null {
  if (raw === null || raw === undefined || raw === '') return null;
  switch (field.type) {
    case 'integer':
    case 'number': {
      const value = typeof raw === 'number' ? raw : Number(raw);
      return Number.isFinite(value) ? value : null;
    }
    case 'boolean':
      return typeof raw === 'boolean' ? raw : raw === 'true' ? true : raw === 'false' ? false : null;
    default:
      return typeof raw === 'object' ? JSON.stringify(raw) : String(raw as string | number | boolean);
  }
}

export type Extent = [minX: number, minY: number, maxX: number, maxY: number];

/** The extent grown to cover a row's bounding box (GeoPackage and Shapefile headers declare it). */
export function extendExtent(extent: Extent | null, bbox: Extent | null | undefined): Extent | null {
  if (!bbox) return extent;
  return extent
    ? [
        Math.min(extent[0], bbox[0]),
        Math.min(extent[1], bbox[1]),
        Math.max(extent[2], bbox[2]),
        Math.max(extent[3], bbox[3]),
      ]
    : bbox;
}
