import { HYDRANT_STYLE, PIPE_STYLE, VALVE_STYLE } from './demo-styles';
import type { Layer, LayerProperty } from '../generated/model';

/**
 * The mock town's four layers as the viewer sees them (ids fixed by the mock-mode agreement:
 * map 1 "Demo town", categories 1 Network and 2 Zones). The map-admin mocks own maps and
 * layers; the feature mocks and the viewer's tests need the same schemas, so they live here.
 */
export const TOWN_MAP_ID = 1;
export const TOWN_CENTER: [number, number] = [-9.14, 38.72];

/** An optional attribute of a town layer. */
export const townProperty = (
  name: string,
  label: string,
  type: LayerProperty['type'],
  options: string[] | null = null,
): LayerProperty => ({
  name,
  label,
  type,
  required: false,
  options,
});

/** The pipes' attributes; `installed` labels the date they were laid. */
export const pipeProperties = (installed: string): LayerProperty[] => [
  townProperty('name', 'Name', 'string'),
  townProperty('material', 'Material', 'enum', ['cast_iron', 'ductile_iron', 'pvc', 'pe', 'steel']),
  townProperty('diameter_mm', 'Diameter (mm)', 'integer'),
  townProperty('install_date', installed, 'date'),
  townProperty('status', 'Status', 'enum', ['in_service', 'abandoned']),
];

export const valveProperties = (): LayerProperty[] => [
  townProperty('type', 'Type', 'enum', ['gate', 'butterfly']),
  townProperty('is_open', 'Open', 'boolean'),
];

export const zoneProperties = (): LayerProperty[] => [
  townProperty('zone', 'Zone', 'string'),
  townProperty('pressure_bar', 'Pressure (bar)', 'number'),
];

const STAMP = '2026-10-01T08:00:00Z';

function layer(
  fields: Pick<Layer, 'id' | 'category_id' | 'name' | 'geometry_type' | 'properties' | 'style' | 'order'> &
    Partial<Pick<Layer, 'time_property' | 'time_extent'>>,
): Layer {
  return {
    map_id: TOWN_MAP_ID,
    type: 'vector',
    source: null,
    visible: true,
    opacity: 1,
    min_zoom: null,
    max_zoom: null,
    features_count: 0,
    extent: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...fields,
  };
}

export const TOWN_LAYERS: readonly Layer[] = [
  layer({
    id: 1,
    category_id: 1,
    name: 'Pipes',
    geometry_type: 'LineString',
    order: 1,
    style: PIPE_STYLE,
    // The town's pipes were laid between 1960 and 2020 (features-town.ts).
    time_property: 'install_date',
    time_extent: ['1960-01-15T00:00:00Z', '2020-09-15T23:59:59Z'],
    properties: pipeProperties('Installed'),
  }),
  layer({
    id: 2,
    category_id: 1,
    name: 'Valves',
    geometry_type: 'Point',
    order: 2,
    style: VALVE_STYLE,
    properties: valveProperties(),
  }),
  layer({
    id: 3,
    category_id: 1,
    name: 'Hydrants',
    geometry_type: 'Point',
    order: 3,
    style: { ...HYDRANT_STYLE, label_property: 'hydrant_id' },
    properties: [
      townProperty('hydrant_id', 'Hydrant', 'string'),
      townProperty('flow_lps', 'Flow (l/s)', 'number'),
    ],
  }),
  layer({
    id: 4,
    category_id: 2,
    name: 'Pressure zones',
    geometry_type: 'Polygon',
    order: 0,
    style: {
      stroke_color: '#33a02c',
      stroke_width: 2,
      fill_color: '#b2df8a',
      point_radius: 0,
      label_property: 'zone',
    },
    properties: zoneProperties(),
  }),
];
