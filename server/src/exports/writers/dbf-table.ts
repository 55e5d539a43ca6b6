import type { ExportField } from './export-writer.ts';

/** dBase III columns for a Shapefile's .dbf: names of at most 10 characters, unique. */
export interface DbfColumn {
  name: string;
  source: string;
  type: 'C' | 'N' | 'L';
  length: number;
  decimals: number;
}

export function dbfColumns(fields: ExportField[]): DbfColumn[] {
  const taken = new Set<string>();
  const unique = (name: string) => {
    const base = name.replace(/[^\w]/g, '_').slice(0, 10) || 'field';
    let candidate = base;
    for (let n = 1; taken.has(candidate.toLowerCase()); n += 1)
      candidate = `${base.slice(0, 10 - String(n).length)}${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
  const columns: DbfColumn[] = [{ name: unique('id'), source: 'id', type: 'N', length: 11, decimals: 0 }];
  for (const field of fields) {
    const name = unique(field.name);
    if (field.type === 'integer')
      columns.push({ name, source: field.name, type: 'N', length: 18, decimals: 0 });
    else if (field.type === 'number')
      columns.push({ name, source: field.name, type: 'N', length: 24, decimals: 8 });
    else if (field.type === 'boolean')
      columns.push({ name, source: field.name, type: 'L', length: 1, decimals: 0 });
    else columns.push({ name, source: field.name, type: 'C', length: 254, decimals: 0 });
  }
  return columns;
}

export function dbfHeader(columns: DbfColumn[], records: number): Buffer {
  const headerLength = 32 + columns.length * 32 + 1;
  const header = Buffer.alloc(headerLength);
  const now = new Date();
  header.writeUInt8(0x03, 0);
  header.writeUInt8(now.getUTCFullYear() - 1900, 1);
  header.writeUInt8(now.getUTCMonth() + 1, 2);
  header.writeUInt8(now.getUTCDate(), 3);
  header.writeUInt32LE(records, 4);
  header.writeUInt16LE(headerLength, 8);
  header.writeUInt16LE(recordLength(columns), 10);
  columns.forEach((column, index) => {
    const at = 32 + index * 32;
    header.write(column.name, at, 10, 'latin1');
    header.write(column.type, at + 11, 1, 'latin1');
    header.writeUInt8(column.length, at + 16);
    header.writeUInt8(column.decimals, at + 17);
  });
  header.writeUInt8(0x0d, headerLength - 1);
  return header;
}

export const recordLength = (columns: DbfColumn[]) => 1 + columns.reduce((sum, c) => sum + c.length, 0);

/** Cuts UTF-8 text to at most `bytes` bytes without splitting a character. */
function fitUtf8(text: string, bytes: number): Buffer {
  let buffer = Buffer.from(text, 'utf8');
  while (buffer.length > bytes) {
    text = text.slice(0, -1);
    buffer = Buffer.from(text, 'utf8');
  }
  return buffer;
}

export function dbfRecord(columns: DbfColumn[], values: (string | number | boolean | null)[]): Buffer {
  const record = Buffer.alloc(recordLength(columns), 0x20);
  let at = 1;
  columns.forEach((column, index) => {
    const value = values[index] ?? null;
    if (column.type === 'L') {
      record.write(value === null ? '?' : value === true ? 'T' : 'F', at, 'latin1');
    } else if (column.type === 'N') {
      const text =
        typeof value === 'number' && Number.isFinite(value)
          ? column.decimals > 0
            ? value.toFixed(column.decimals)
            : String(Math.trunc(value))
          : '';
      const fitted = text.length > column.length ? '' : text;
      record.write(fitted.padStart(column.length, ' '), at, 'latin1');
    } else if (value !== null) {
      fitUtf8(String(value), column.length).copy(record, at);
    }
    at += column.length;
  });
  return record;
}
