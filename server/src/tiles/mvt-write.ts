/**
 * Writes an MVT 2.1 tile of one layer straight into one buffer: the sizes of every message are
 * worked out first, then each byte is written once. The bytes are those vt-pbf writes for the
 * same features (keys and values in the order first met, values shared by type and value, an
 * empty attribute list still written), which `mvt-write.test.ts` checks over random features;
 * vt-pbf wraps each feature and point in objects and nests its messages, which made a low-zoom
 * tile of a few thousand points cost more to encode than to pick.
 */

export interface MvtFeature {
  id?: number;
  /** 1 point, 2 line, 3 polygon. */
  type: 1 | 2 | 3;
  /** Points: [[x, y], …]; lines and polygons: [[[x, y], …], …] in tile pixels. */
  geometry: number[][] | number[][][];
  tags: Record<string, string | number | boolean>;
}

/** Bytes of a varint of a non-negative whole number (exact below 2^64, as doubles are). */
function varintLength(value: number): number {
  let length = 1;
  let rest = value;
  while (rest >= 128) {
    rest = Math.floor(rest / 128);
    length++;
  }
  return length;
}

const TWO_TO_64 = 2 ** 64;

/** How a value is written: the field of the value message that carries it. */
const STRING = 1;
const DOUBLE = 3;
const UINT = 5;
const SINT = 6;
const BOOLEAN = 7;

/**
 * A geometry command and its count, and a coordinate delta zigzagged. Coordinates are tile
 * pixels (the extent and its buffer), well inside 32 bits.
 */
const command = (id: number, count: number) => (count << 3) + (id & 0x7);
const zigzag = (n: number) => (n << 1) ^ (n >> 31);

/** The geometry's command stream: the integers the feature's geometry field packs. */
function geometryInts(feature: MvtFeature, out: number[]): void {
  if (feature.type === 1) {
    // A point's (or multipoint's) positions are one moveto.
    const points = feature.geometry as number[][];
    out.push(command(1, points.length));
    let x = 0;
    let y = 0;
    for (const point of points) {
      const dx = (point[0] as number) - x;
      const dy = (point[1] as number) - y;
      out.push(zigzag(dx), zigzag(dy));
      x += dx;
      y += dy;
    }
    return;
  }
  const rings = feature.geometry as number[][][];
  let x = 0;
  let y = 0;
  for (const ring of rings) {
    out.push(command(1, 1));
    // A polygon's closing point is not written: closepath stands for it.
    const count = feature.type === 3 ? ring.length - 1 : ring.length;
    for (let i = 0; i < count; i++) {
      if (i === 1) out.push(command(2, count - 1));
      const point = ring[i] as number[];
      const dx = (point[0] as number) - x;
      const dy = (point[1] as number) - y;
      out.push(zigzag(dx), zigzag(dy));
      x += dx;
      y += dy;
    }
    if (feature.type === 3) out.push(command(7, 1));
  }
}

class Writer {
  readonly bytes: Buffer;
  private readonly view: DataView;
  pos = 0;

  constructor(size: number) {
    // Memory of its own: a small tile cut from Node's shared pool would keep the whole pool
    // alive in the tile cache.
    this.bytes = Buffer.allocUnsafeSlow(size);
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, size);
  }

  varint(value: number): void {
    let rest = value;
    while (rest >= 128) {
      this.bytes[this.pos++] = (rest % 128) | 0x80;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.pos++] = rest;
  }

  string(text: string, length: number): void {
    this.varint(length);
    this.pos += this.bytes.write(text, this.pos, length, 'utf8');
  }

  double(value: number): void {
    this.view.setFloat64(this.pos, value, true);
    this.pos += 8;
  }
}

/** The tile's bytes: one layer named `name`, version 2, of the given extent. */
export function writeMvt(name: string, features: readonly MvtFeature[], extent: number): Buffer {
  const keys = new Map<string, number>();
  const keyList: string[] = [];
  const strings = new Map<string, number>();
  const numbers = new Map<number, number>();
  const booleans = [-1, -1];
  // Each value message in order: its field, its text or number, and its body's length.
  const valueFields: number[] = [];
  const valueTexts: string[] = [];
  const valueNumbers: number[] = [];
  const valueLengths: number[] = [];
  let valuesBytes = 0;

  // First pass: every feature's tags and geometry as integers, and every message's length.
  const count = features.length;
  const ints: number[] = [];
  const starts = new Int32Array(count * 2 + 1);
  const featureLengths = new Int32Array(count);
  const tagLengths = new Int32Array(count);
  const geometryLengths = new Int32Array(count);
  let featuresBytes = 0;
  for (let f = 0; f < count; f++) {
    const feature = features[f] as MvtFeature;
    const tags = feature.tags;
    starts[f * 2] = ints.length;
    let tagsLength = 0;
    for (const key in tags) {
      const value = tags[key];
      if (value === null || value === undefined) continue;
      let k = keys.get(key);
      if (k === undefined) {
        k = keyList.length;
        keys.set(key, k);
        keyList.push(key);
      }
      let v: number | undefined;
      if (typeof value === 'string') v = strings.get(value);
      else if (typeof value === 'number') v = numbers.get(value);
      else v = booleans[value ? 1 : 0] === -1 ? undefined : booleans[value ? 1 : 0];
      if (v === undefined) {
        v = valueLengths.length;
        let field: number;
        let text = '';
        let number: number;
        let length: number;
        if (typeof value === 'string') {
          strings.set(value, v);
          field = STRING;
          text = value;
          number = Buffer.byteLength(value, 'utf8');
          length = 1 + varintLength(number) + number;
        } else if (typeof value === 'number') {
          numbers.set(value, v);
          // Whole numbers go as uint or zigzag sint, the rest as double; a whole number a
          // varint cannot hold (2^64 and over, which vt-pbf refuses) goes as a double too.
          const zigzagged = value < 0 ? -value * 2 - 1 : value;
          if (value % 1 !== 0 || zigzagged >= TWO_TO_64) {
            field = DOUBLE;
            number = value;
            length = 9;
          } else {
            field = value < 0 ? SINT : UINT;
            number = zigzagged;
            length = 1 + varintLength(zigzagged);
          }
        } else {
          booleans[value ? 1 : 0] = v;
          field = BOOLEAN;
          number = value ? 1 : 0;
          length = 2;
        }
        valueFields.push(field);
        valueTexts.push(text);
        valueNumbers.push(number);
        valueLengths.push(length);
        valuesBytes += 1 + varintLength(length) + length;
      }
      ints.push(k, v);
      tagsLength += varintLength(k) + varintLength(v);
    }
    const geometryStart = ints.length;
    starts[f * 2 + 1] = geometryStart;
    geometryInts(feature, ints);
    let geometryLength = 0;
    for (let i = geometryStart; i < ints.length; i++) geometryLength += varintLength(ints[i] as number);
    const id = typeof feature.id === 'number' ? 1 + varintLength(feature.id) : 0;
    const length =
      id + 1 + varintLength(tagsLength) + tagsLength + 2 + 1 + varintLength(geometryLength) + geometryLength;
    tagLengths[f] = tagsLength;
    geometryLengths[f] = geometryLength;
    featureLengths[f] = length;
    featuresBytes += 1 + varintLength(length) + length;
  }
  starts[count * 2] = ints.length;
  const keyLengths = keyList.map((key) => Buffer.byteLength(key, 'utf8'));
  let keysBytes = 0;
  for (const length of keyLengths) keysBytes += 1 + varintLength(length) + length;
  const nameLength = Buffer.byteLength(name, 'utf8');
  const layerLength =
    2 +
    1 +
    varintLength(nameLength) +
    nameLength +
    1 +
    varintLength(extent) +
    featuresBytes +
    keysBytes +
    valuesBytes;

  // Second pass: the bytes.
  const out = new Writer(1 + varintLength(layerLength) + layerLength);
  out.varint((3 << 3) | 2);
  out.varint(layerLength);
  out.varint(15 << 3);
  out.varint(2);
  out.varint((1 << 3) | 2);
  out.string(name, nameLength);
  out.varint(5 << 3);
  out.varint(extent);
  for (let f = 0; f < count; f++) {
    const feature = features[f] as MvtFeature;
    out.varint((2 << 3) | 2);
    out.varint(featureLengths[f] as number);
    if (typeof feature.id === 'number') {
      out.varint(1 << 3);
      out.varint(feature.id);
    }
    out.varint((2 << 3) | 2);
    out.varint(tagLengths[f] as number);
    const tagsEnd = starts[f * 2 + 1] as number;
    for (let i = starts[f * 2] as number; i < tagsEnd; i++) out.varint(ints[i] as number);
    out.varint(3 << 3);
    out.varint(feature.type);
    out.varint((4 << 3) | 2);
    out.varint(geometryLengths[f] as number);
    const geometryEnd = starts[f * 2 + 2] as number;
    for (let i = tagsEnd; i < geometryEnd; i++) out.varint(ints[i] as number);
  }
  for (let k = 0; k < keyList.length; k++) {
    out.varint((3 << 3) | 2);
    out.string(keyList[k] as string, keyLengths[k] as number);
  }
  for (let v = 0; v < valueLengths.length; v++) {
    const field = valueFields[v] as number;
    out.varint((4 << 3) | 2);
    out.varint(valueLengths[v] as number);
    if (field === STRING) {
      out.varint((STRING << 3) | 2);
      out.string(valueTexts[v] as string, valueNumbers[v] as number);
    } else if (field === DOUBLE) {
      out.varint((DOUBLE << 3) | 1);
      out.double(valueNumbers[v] as number);
    } else {
      out.varint(field << 3);
      out.varint(valueNumbers[v] as number);
    }
  }
  return out.bytes;
}
