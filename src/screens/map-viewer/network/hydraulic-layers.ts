import type { FeatureCollection, WaterNetworkSimulation } from '@generated/model';
import { OVERLAY_LAYER_BASE, type MapLayerModel } from '@/map/layer-model';
import type { ClassRule } from '@/map/thematic-style';

/** Pressure classes (m): below 20 m a service point is short of water, above 80 m pipes strain. */
export const PRESSURE_CLASSES: ClassRule[] = [
  { min: -1000, max: 0, label: '< 0', color: '#67000d', strokeWidth: null, pointRadius: null },
  { min: 0, max: 20, label: '0 – 20', color: '#e31a1c', strokeWidth: null, pointRadius: null },
  { min: 20, max: 40, label: '20 – 40', color: '#fd8d3c', strokeWidth: null, pointRadius: null },
  { min: 40, max: 60, label: '40 – 60', color: '#41ab5d', strokeWidth: null, pointRadius: null },
  { min: 60, max: 80, label: '60 – 80', color: '#2171b5', strokeWidth: null, pointRadius: null },
  { min: 80, max: 10000, label: '≥ 80', color: '#54278f', strokeWidth: null, pointRadius: null },
];

/** Velocity classes (m/s): still water ages, above 2 m/s pipes are worn and loud. */
export const VELOCITY_CLASSES: ClassRule[] = [
  { min: 0, max: 0.1, label: '< 0.1', color: '#bdbdbd', strokeWidth: 1.5, pointRadius: null },
  { min: 0.1, max: 0.5, label: '0.1 – 0.5', color: '#6baed6', strokeWidth: 2, pointRadius: null },
  { min: 0.5, max: 1, label: '0.5 – 1', color: '#08519c', strokeWidth: 3, pointRadius: null },
  { min: 1, max: 2, label: '1 – 2', color: '#fd8d3c', strokeWidth: 4, pointRadius: null },
  { min: 2, max: 1000, label: '≥ 2', color: '#d7301f', strokeWidth: 5, pointRadius: null },
];

const graduated = (property: string, classes: ClassRule[]) => ({
  kind: 'graduated' as const,
  property,
  categories: [],
  classes,
  size: null,
});

/** GeoJSON for OpenLayers only: the engine reads geometry and properties, nothing else. */
const collection = (features: object[]) =>
  ({ type: 'FeatureCollection', features }) as unknown as FeatureCollection;

/**
 * The simulation drawn over the map: pipes coloured and widened by velocity, nodes coloured by
 * pressure, on top of every stored layer. Nodes and pipes no source reaches are left out.
 */
export function simulationLayers(
  answer: WaterNetworkSimulation,
  titles: { pipes: string; nodes: string },
  run: number,
): MapLayerModel[] {
  const pipes = answer.pipes
    .filter((pipe) => pipe.velocity_mps !== null && pipe.lines.length > 0)
    .map((pipe) => ({
      type: 'Feature',
      id: pipe.pipe_id,
      geometry: { type: 'MultiLineString', coordinates: pipe.lines },
      properties: { velocity_mps: pipe.velocity_mps, flow_lps: pipe.flow_lps },
    }));
  const nodes = answer.nodes
    .filter((node) => node.kind === 'junction' && node.pressure_m !== null)
    .map((node, index) => ({
      type: 'Feature',
      id: index + 1,
      geometry: { type: 'Point', coordinates: node.coordinates },
      properties: { node: node.id, pressure_m: node.pressure_m },
    }));
  return [
    {
      ...OVERLAY_LAYER_BASE,
      // A new key per run: engines create a data layer once and only restyle it after.
      key: `simulation-pipes-${run}`,
      title: titles.pipes,
      source: { kind: 'feature-collection', data: collection(pipes), truncated: false },
      zIndex: 1000,
      style: {
        strokeColor: '#6baed6',
        strokeWidth: 2,
        fillColor: '#ffffff00',
        pointRadius: 0,
        labelProperty: null,
        heightProperty: null,
        thematic: graduated('velocity_mps', VELOCITY_CLASSES),
      },
    },
    {
      ...OVERLAY_LAYER_BASE,
      key: `simulation-nodes-${run}`,
      title: titles.nodes,
      source: { kind: 'feature-collection', data: collection(nodes), truncated: false },
      zIndex: 1001,
      style: {
        strokeColor: '#ffffff',
        strokeWidth: 0.5,
        fillColor: '#41ab5d',
        pointRadius: 3,
        labelProperty: null,
        heightProperty: null,
        thematic: graduated('pressure_m', PRESSURE_CLASSES),
      },
    },
  ];
}
