// shpjs ships no types; the part used here.
declare module 'shpjs' {
  interface Collection {
    type: 'FeatureCollection';
    fileName?: string;
    features: {
      geometry: { type: string; coordinates: unknown } | null;
      properties: Record<string, unknown> | null;
    }[];
  }
  export function parseZip(buffer: ArrayBuffer | Uint8Array): Promise<Collection | Collection[]>;
}
