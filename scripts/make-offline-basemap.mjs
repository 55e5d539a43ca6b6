// Derives src/map/basemap/land-110m.json (GeoJSON, 2 decimals) from world-atlas's
// land-110m.json (Natural Earth, public domain), so the offline basemap needs no package
// at run time. Usage: npm pack world-atlas@2.0.2, unpack, then
//   node scripts/make-offline-basemap.mjs package/land-110m.json src/map/basemap/land-110m.json
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
const topology = JSON.parse(readFileSync(input, 'utf8'));
const [sx, sy] = topology.transform.scale;
const [tx, ty] = topology.transform.translate;
const round = (value) => Math.round(value * 100) / 100;

// TopoJSON arcs are delta-encoded integers; decode each once.
const arcs = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [round(x * sx + tx), round(y * sy + ty)];
  });
});
const ring = (indexes) =>
  indexes.flatMap((index, position) => {
    const points = index < 0 ? [...arcs[~index]].reverse() : arcs[index];
    return position === 0 ? points : points.slice(1);
  });

const polygons = [];
for (const geometry of topology.objects.land.geometries) {
  const list = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs;
  for (const polygon of list) polygons.push(polygon.map(ring));
}
const collection = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: polygons } }],
};
writeFileSync(output, JSON.stringify(collection));
