import type { components } from '../../generated/openapi-types.ts';

type LayerType = components['schemas']['LayerType'];

/** Fixed reference data (docs/decisions.md#layers); names are English, the client translates by `type`. */
export const LAYER_TYPES: readonly LayerType[] = [
  {
    type: 'vector',
    name: 'Vector',
    description: 'Features stored and edited in Atlasboard.',
    remote: false,
    has_features: true,
  },
  {
    type: 'xyz',
    name: 'XYZ tiles',
    description: 'Raster tiles from a URL template.',
    remote: true,
    has_features: false,
  },
  {
    type: 'wms',
    name: 'WMS',
    description: 'Images from an OGC Web Map Service.',
    remote: true,
    has_features: false,
  },
  {
    type: 'geojson_url',
    name: 'GeoJSON URL',
    description: 'A GeoJSON file read from a URL.',
    remote: true,
    has_features: false,
  },
  {
    type: '3d_tiles',
    name: '3D Tiles',
    description: 'A 3D Tiles tileset, shown in the 3D viewer.',
    remote: true,
    has_features: false,
  },
];
