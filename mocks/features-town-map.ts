import type { MapDetail } from '../generated/model';
import { TOWN_CENTER, TOWN_LAYERS, TOWN_MAP_ID } from './features-town-layers';

const STAMP = '2026-10-01T08:00:00Z';

/**
 * Map 1 "Demo town" as `GET /api/maps/1/show?with_layers` answers it, for the viewer's tests.
 * (Mock mode serves it from the map-admin mocks; the ids and schemas are the same.)
 */
export function townMapDetail(overrides: Partial<MapDetail> = {}): MapDetail {
  return {
    id: TOWN_MAP_ID,
    title: 'Demo town',
    description: 'Pipes, valves, hydrants and pressure zones.',
    center: TOWN_CENTER,
    zoom: 14,
    rotation: 0,
    basemap: 'offline',
    created_by: 1,
    layers_count: TOWN_LAYERS.length,
    created_at: STAMP,
    updated_at: STAMP,
    layers: [...TOWN_LAYERS],
    categories: [
      { id: 1, map_id: TOWN_MAP_ID, name: 'Network', parent_id: null, order: 0 },
      { id: 2, map_id: TOWN_MAP_ID, name: 'Zones', parent_id: null, order: 1 },
    ],
    searches: [],
    main_searches: [
      {
        id: 1,
        map_id: TOWN_MAP_ID,
        layer_id: 1,
        label: 'Pipes',
        fields: ['name'],
        display_field: 'name',
        order: 0,
      },
      {
        id: 2,
        map_id: TOWN_MAP_ID,
        layer_id: 3,
        label: 'Hydrants',
        fields: ['hydrant_id'],
        display_field: 'hydrant_id',
        order: 1,
      },
    ],
    filters: [
      {
        id: 1,
        map_id: TOWN_MAP_ID,
        layer_id: 1,
        name: 'Material',
        property: 'material',
        type: 'select',
        options: null,
        order: 0,
      },
      {
        id: 2,
        map_id: TOWN_MAP_ID,
        layer_id: 1,
        name: 'Diameter (mm)',
        property: 'diameter_mm',
        type: 'range',
        options: null,
        order: 1,
      },
      {
        id: 3,
        map_id: TOWN_MAP_ID,
        layer_id: 2,
        name: 'Open',
        property: 'is_open',
        type: 'boolean',
        options: null,
        order: 2,
      },
    ],
    bookmarks: [],
    ...overrides,
  };
}
