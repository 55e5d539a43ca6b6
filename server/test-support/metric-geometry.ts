// Geometries drawn in metres east / north of a point in Lisbon, as lon/lat (the server measures
// in UTM 29N), so a test can state lengths and distances the way the water network sees them.
const LON = -9.14;
const LAT = 38.72;

export const lonLat = (x: number, y: number): [number, number] => [
  LON + x / (111_320 * Math.cos((LAT * Math.PI) / 180)),
  LAT + y / 110_574,
];

export const line = (...points: [number, number][]) => ({
  type: 'LineString',
  coordinates: points.map(([x, y]) => lonLat(x, y)),
});

export const point = (x: number, y: number) => ({ type: 'Point', coordinates: lonLat(x, y) });
