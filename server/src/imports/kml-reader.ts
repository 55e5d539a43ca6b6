import { readFile } from 'node:fs/promises';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

/** KML through togeojson. KML files are read whole: Google Earth exports are small. */
export function kmlReader(file: string): FeatureReader {
  return async function* read(progress): AsyncIterable<ImportedFeature> {
    const text = await readFile(file, 'utf8');
    const errors: string[] = [];
    let document: ReturnType<DOMParser['parseFromString']>;
    try {
      document = new DOMParser({
        onError: (level: string, message: string) => {
          if (level !== 'warning') errors.push(message);
        },
      }).parseFromString(text, 'text/xml');
    } catch (error) {
      // xmldom throws on a fatal error (no root element: empty, plain text, JSON).
      throw new UnreadableFile(error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'not XML');
    }
    if (errors.length > 0 || !document.getElementsByTagName('kml')[0])
      throw new UnreadableFile(errors[0]?.split('\n')[0] ?? 'not a KML document');
    const collection = kml(document as unknown as Document);
    for (const [index, feature] of collection.features.entries()) {
      if (progress) progress.fraction = (index + 1) / collection.features.length;
      const {
        styleUrl: _style,
        styleHash: _hash,
        styleMapHash: _map,
        ...properties
      } = (feature.properties ?? {}) as Record<string, unknown>;
      yield { geometry: (feature.geometry as ImportedFeature['geometry']) ?? null, properties };
    }
  };
}
