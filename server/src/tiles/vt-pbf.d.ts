// vt-pbf ships no types; only the part the tile writer's test compares with is declared.
declare module 'vt-pbf' {
  export interface GeojsonVtFeature {
    id?: number;
    /** 1 point, 2 line, 3 polygon. */
    type: 1 | 2 | 3;
    /** Points: [[x, y], …]; lines and polygons: [[[x, y], …], …] in tile pixels. */
    geometry: number[][] | number[][][];
    tags: Record<string, string | number | boolean>;
  }
  export function fromGeojsonVt(
    layers: Record<string, { features: GeojsonVtFeature[] }>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
