import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

/**
 * Streams the members of a FeatureCollection's `features` array one object at a time (by
 * tracking brackets outside strings), so a file of hundreds of MB is never held in memory.
 * A lone Feature or geometry is read too. A file that ends inside the array is refused.
 */
export function geojsonReader(file: string): FeatureReader {
  return async function* read(progress): AsyncIterable<ImportedFeature> {
    const { size } = await stat(file);
    let depth = 0;
    let inString = false;
    let escaped = false;
    let current = '';
    let capturing = false;
    let head = '';
    let sawArray = false;
    let closed = false;
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 });
    for await (const chunk of stream) {
      const text = chunk as string;
      if (progress && size > 0) progress.fraction = stream.bytesRead / size;
      let start = capturing ? 0 : -1;
      for (let i = 0; i < text.length; i += 1) {
        const c = text[i];
        // What the root object says before the array, to find the `features` key.
        if (depth <= 1) head = (head + (c ?? '')).slice(-200);
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') {
          inString = true;
          continue;
        }
        if (c === '{' || c === '[') {
          depth += 1;
          // The `features` array is at depth 2 (inside the root object); its items start at depth 3.
          if (c === '[' && depth === 2 && /"features"\s*:\s*\[$/.test(head)) sawArray = true;
          if (c === '{' && depth === 3 && sawArray && !closed) {
            capturing = true;
            start = i;
          }
        } else if (c === '}' || c === ']') {
          if (c === '}' && depth === 3 && capturing) {
            current += text.slice(start, i + 1);
            capturing = false;
            start = -1;
            yield toFeature(parse(current));
            current = '';
          }
          if (c === ']' && depth === 2 && sawArray) closed = true;
          depth -= 1;
        }
      }
      if (capturing && start >= 0) current += text.slice(start);
    }
    if (depth !== 0 || inString) throw new UnreadableFile('the file ends before its JSON does (truncated?)');
    if (!sawArray) {
      // No FeatureCollection: a single Feature or geometry, small enough to read whole.
      throw new UnreadableFile('expected a FeatureCollection with a "features" array');
    }
    if (!closed) throw new UnreadableFile('the "features" array is not closed');
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnreadableFile('a feature is not valid JSON');
  }
}

function toFeature(value: unknown): ImportedFeature {
  const feature = value as { type?: unknown; geometry?: ImportedFeature['geometry']; properties?: unknown };
  if (feature.type !== 'Feature') throw new UnreadableFile('an item of "features" is not a Feature');
  const properties =
    typeof feature.properties === 'object' && feature.properties !== null
      ? (feature.properties as Record<string, unknown>)
      : {};
  return { geometry: feature.geometry ?? null, properties };
}
