import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { UnreadableFile } from './imported-feature.ts';
import { unzipEntries } from './zip-entries.ts';

const MB = 1024 * 1024;

/** Rewrites what the central directory says every entry unpacks to (a lying or huge zip). */
export function declareSize(zip: Uint8Array, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 46 <= out.length; at += 1)
    if (out.readUInt32LE(at) === 0x02014b50) out.writeUInt32LE(size, at + 24);
  return out;
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('unzipping with a cap', () => {
  it('unpacks the wanted entries of an honest zip', () => {
    const zip = Buffer.from(
      zipSync({
        'a.shp': new Uint8Array(300_000).fill(7),
        'a.txt': new Uint8Array(10),
        'b.dbf': new Uint8Array(5),
      }),
    );
    const entries = unzipEntries(zip, (name) => name !== 'a.txt', MB);
    expect([...entries.keys()]).toEqual(['a.shp', 'b.dbf']);
    expect(entries.get('a.shp')?.length).toBe(300_000);
    expect(entries.get('a.shp')?.[299_999]).toBe(7);
  });

  it('refuses a zip whose directory declares more than the cap, before inflating anything', () => {
    const zip = declareSize(
      zipSync({ 'a.shp': new Uint8Array(10), 'a.dbf': new Uint8Array(10) }),
      0x40000000,
    );
    const error = refusal(() => unzipEntries(zip, () => true, 2 * MB));
    expect(error).toBeInstanceOf(UnreadableFile);
    expect((error as UnreadableFile).problem).toEqual({
      key: 'exports.import_zip_too_large',
      params: { limit: 2, name: 'a.shp' },
    });
  });

  it('stops inflating an entry that unpacks to more than its directory declares', () => {
    // 8 MB of zeros deflate to a few KB; the directory claims 100 bytes.
    const zip = declareSize(zipSync({ 'bomb.shp': new Uint8Array(8 * MB) }, { level: 9 }), 100);
    expect(zip.length).toBeLessThan(64 * 1024);
    const error = refusal(() => unzipEntries(zip, () => true, MB));
    expect(error).toBeInstanceOf(UnreadableFile);
    expect((error as UnreadableFile).message).toBe(
      'zip entry bomb.shp unpacks to more than the 100 bytes its directory declares',
    );
  });

  it('counts the declared sizes of the entries together', () => {
    const zip = Buffer.from(zipSync({ 'a.shp': new Uint8Array(600_000), 'a.dbf': new Uint8Array(600_000) }));
    expect((refusal(() => unzipEntries(zip, () => true, MB)) as UnreadableFile).problem?.key).toBe(
      'exports.import_zip_too_large',
    );
    expect(unzipEntries(zip, () => true, 2 * MB).get('a.dbf')?.length).toBe(600_000);
  });

  it('says a file that is no zip cannot be read', () => {
    expect(refusal(() => unzipEntries(Buffer.from('hello'), () => true))).toBeInstanceOf(UnreadableFile);
  });
});
