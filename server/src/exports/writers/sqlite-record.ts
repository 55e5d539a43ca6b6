/**
 * SQLite's on-disk record format (https://www.sqlite.org/fileformat2.html §2.1): a header of
 * serial types, then the values. Used to write table rows without an SQLite engine.
 */
export type SqliteValue = null | number | string | Uint8Array;

/** Length of a SQLite varint (big-endian, 7 bits a byte; 9 bytes only past 2^56). */
export function varintLength(value: number): number {
  let length = 1;
  while (value >= 128 && length < 9) {
    value = Math.floor(value / 128);
    length += 1;
  }
  return length;
}

/** Writes a non-negative varint (rowids and sizes here stay far below 2^53) at `offset`. */
export function putVarint(target: Uint8Array, offset: number, value: number): number {
  const length = varintLength(value);
  for (let index = length - 1; index >= 0; index -= 1) {
    target[offset + index] = (value % 128) | (index === length - 1 ? 0 : 0x80);
    value = Math.floor(value / 128);
  }
  return offset + length;
}

const encoder = new TextEncoder();

/** Serial type and the value's bytes (big-endian), as SQLite itself would store it. */
function serialOf(value: SqliteValue): { type: number; bytes: Uint8Array } {
  if (value === null) return { type: 0, bytes: new Uint8Array(0) };
  if (typeof value === 'string') {
    const bytes = encoder.encode(value);
    return { type: bytes.length * 2 + 13, bytes };
  }
  if (value instanceof Uint8Array) return { type: value.length * 2 + 12, bytes: value };
  if (Number.isSafeInteger(value)) return integerSerial(value);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return { type: 7, bytes };
}

// Serial types 1-6: two's complement in 1, 2, 3, 4, 6 or 8 bytes. 8 and 9 are the constants
// 0 and 1 (schema format 4, which the prefix's header says).
const INTEGER_SIZES: [number, number][] = [
  [1, 1],
  [2, 2],
  [3, 3],
  [4, 4],
  [5, 6],
  [6, 8],
];

function integerSerial(value: number): { type: number; bytes: Uint8Array } {
  if (value === 0 || value === 1) return { type: value + 8, bytes: new Uint8Array(0) };
  const [type, size] = INTEGER_SIZES.find(([, size]) => Math.abs(value) < 2 ** (size * 8 - 1)) ?? [6, 8];
  // The 64-bit two's complement, big-endian: its last `size` bytes are the shorter form.
  const full = new Uint8Array(8);
  new DataView(full.buffer).setBigInt64(0, BigInt(value));
  return { type, bytes: full.subarray(8 - size) };
}

/** One row as a record: header (its own length, then each serial type), then the values. */
export function sqliteRecord(values: SqliteValue[]): Uint8Array {
  const serials = values.map(serialOf);
  const typesLength = serials.reduce((sum, serial) => sum + varintLength(serial.type), 0);
  let headerLength = typesLength + 1;
  if (varintLength(headerLength) > 1) headerLength = typesLength + varintLength(typesLength + 2);
  const total = headerLength + serials.reduce((sum, serial) => sum + serial.bytes.length, 0);
  const record = new Uint8Array(total);
  let offset = putVarint(record, 0, headerLength);
  for (const serial of serials) offset = putVarint(record, offset, serial.type);
  for (const serial of serials) {
    record.set(serial.bytes, offset);
    offset += serial.bytes.length;
  }
  return record;
}
