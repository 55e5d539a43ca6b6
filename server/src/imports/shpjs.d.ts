// shpjs ships no types; the part used here.
declare module 'shpjs' {
  type Geometry = { type: string; coordinates: unknown } | null;
  interface Collection {
    type: 'FeatureCollection';
    fileName?: string;
    features: {
      geometry: Geometry;
      properties: Record<string, unknown> | null;
    }[];
  }
  export function parseZip(buffer: ArrayBuffer | Uint8Array): Promise<Collection | Collection[]>;
  /** Geometries of a .shp, reprojected to EPSG:4326 when the .prj text is given. */
  export function parseShp(shp: Uint8Array, prj?: string): Geometry[];
  /** Records of a .dbf, decoded as the .cpg text says. */
  export function parseDbf(dbf: Uint8Array, cpg?: string): Record<string, unknown>[];
  export function combine(parts: [Geometry[], Record<string, unknown>[] | undefined]): Collection;
}
