import { Inflate } from 'fflate';
import { msg } from '../i18n/messages.ts';
import { UnreadableFile } from './imported-feature.ts';

/**
 * What the wanted entries of one zip may unpack to, together. A 3 MB zip of three 1 GiB entries
 * took the server to 7.3 GB when it was inflated whole in memory.
 */
export const ZIP_UNPACKED_MAX_BYTES = 1024 * 1024 * 1024;
/** Compressed bytes handed to the inflater at a time: one push unpacks at most ~1000 times this. */
const CHUNK = 16 * 1024;
const MB = 1024 * 1024;

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const bad = (reason: string) => new UnreadableFile(reason);

function tooLarge(limit: number, name: string): UnreadableFile {
  return new UnreadableFile(
    `unpacks to more than ${limit} bytes`,
    msg('exports.import_zip_too_large', {
      limit: Math.max(1, Math.round(limit / MB)),
      name: name.slice(0, 100),
    }),
  );
}

/** The central directory (ZIP APPNOTE 4.3.16 and 4.3.12); Zip64 archives are refused. */
function centralDirectory(zip: Buffer): CentralEntry[] {
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let at = zip.length - 22; at >= earliest; at -= 1)
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw bad('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw bad('Zip64 archives are not supported');
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw bad('broken zip directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff)
      throw bad('Zip64 archives are not supported');
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function compressedBytes(zip: Buffer, entry: CentralEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50)
    throw bad(`broken zip entry ${entry.name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw bad(`zip entry ${entry.name} is cut short`);
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates one entry chunk by chunk into a buffer of its declared size (already checked
 * against the cap), stopping the moment it unpacks to more than that: a directory that
 * understates an entry is a bomb's trick, and memory stays bounded by what was declared.
 */
function inflateEntry(data: Buffer, entry: CentralEntry): Uint8Array {
  const overflow = () =>
    bad(
      `zip entry ${entry.name} unpacks to more than the ${entry.declaredSize} bytes its directory declares`,
    );
  if (entry.method === 0) {
    if (data.length > entry.declaredSize) throw overflow();
    return data;
  }
  if (entry.method !== 8) throw bad(`zip entry ${entry.name} uses an unsupported compression`);
  const out = Buffer.allocUnsafe(entry.declaredSize);
  let size = 0;
  const inflater = new Inflate((chunk) => {
    if (size + chunk.length > out.length) throw overflow();
    out.set(chunk, size);
    size += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += CHUNK)
      inflater.push(data.subarray(at, Math.min(at + CHUNK, data.length)), at + CHUNK >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof UnreadableFile) throw error;
    throw bad(`zip entry ${entry.name} is corrupt`);
  }
  return out.subarray(0, size);
}

/**
 * The entries of a zip whose names pass `wanted`, unpacked. Sizes are checked twice: the ones
 * the directory declares, together, against `maxBytes` before anything is inflated (refused
 * with a message saying so), and each entry's actual bytes against its declared size while
 * inflating (a directory may lie).
 */
export function unzipEntries(
  zip: Buffer,
  wanted: (name: string) => boolean,
  maxBytes: number = ZIP_UNPACKED_MAX_BYTES,
): Map<string, Uint8Array> {
  const entries = centralDirectory(zip).filter((entry) => wanted(entry.name));
  let declared = 0;
  for (const entry of entries) {
    declared += entry.declaredSize;
    if (declared > maxBytes) throw tooLarge(maxBytes, entry.name);
  }
  const out = new Map<string, Uint8Array>();
  for (const entry of entries) out.set(entry.name, inflateEntry(compressedBytes(zip, entry), entry));
  return out;
}

/** The names in a zip's directory, nothing inflated. */
export const zipEntryNames = (zip: Buffer): string[] => centralDirectory(zip).map((entry) => entry.name);
