import type { LayerStyle } from '../generated/model';

/**
 * The demo town's thematic styles as the server seeds them (shared/demo/configuration.ts),
 * so mock mode draws and lists the same legend: pipes by material and diameter, valves by type.
 */
export const PIPE_STYLE: LayerStyle = {
  stroke_color: '#969696',
  stroke_width: 2,
  fill_color: '#96969600',
  point_radius: 0,
  label_property: 'name',
  kind: 'categorized',
  property: 'material',
  categories: [
    { value: 'cast_iron', label: 'Cast iron', color: '#8c510a' },
    { value: 'ductile_iron', label: 'Ductile iron', color: '#2166ac' },
    { value: 'steel', label: 'Steel', color: '#4d4d4d' },
    { value: 'asbestos_cement', label: 'Asbestos cement', color: '#d95f02' },
    { value: 'pvc', label: 'PVC', color: '#1b9e77' },
    { value: 'pe', label: 'PE', color: '#7570b3' },
  ],
  size: {
    property: 'diameter_mm',
    classes: [
      { min: 0, max: 110, label: '< 110 mm', stroke_width: 1.5 },
      { min: 110, max: 200, label: '110 – 199 mm', stroke_width: 2.25 },
      { min: 200, max: 300, label: '200 – 299 mm', stroke_width: 3.25 },
      { min: 300, max: 1000, label: '≥ 300 mm', stroke_width: 4.5 },
    ],
  },
};

export const VALVE_STYLE: LayerStyle = {
  stroke_color: '#ffffff',
  stroke_width: 1,
  fill_color: '#252525',
  point_radius: 4,
  label_property: null,
  kind: 'categorized',
  property: 'type',
  categories: [
    { value: 'gate', label: 'Gate', color: '#252525' },
    { value: 'butterfly', label: 'Butterfly', color: '#6a51a3', point_radius: 4.5 },
  ],
};

/** Hydrants graduated by flow: a graduated example in mock mode. */
export const HYDRANT_STYLE: LayerStyle = {
  stroke_color: '#ffffff',
  stroke_width: 1,
  fill_color: '#e31a1c',
  point_radius: 4,
  label_property: null,
  kind: 'graduated',
  property: 'flow_lps',
  classes: [
    { min: 0, max: 15, color: '#fc9272', point_radius: 3.5 },
    { min: 15, max: 30, color: '#de2d26', point_radius: 4.5 },
    { min: 30, max: 100, color: '#a50f15', point_radius: 5.5 },
  ],
};
