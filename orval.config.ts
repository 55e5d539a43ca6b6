import { defineConfig } from 'orval';

// Input is the bundled document (`npm run generate` bundles openapi/ first).
const input = { target: './generated/openapi.json' };

/** A counter of the network's length by material, as the demo dashboard has. */
const EXAMPLE_WIDGET = {
  id: 1,
  map_id: 1,
  layer_id: 2,
  title: 'Network length by material',
  kind: 'category',
  chart: 'bar',
  scope: 'layer',
  group_by: { property: 'material' },
  metrics: [{ op: 'count' }, { op: 'sum', property: '$length' }],
  filters: [],
  limit: 8,
  order: 0,
  layout: { x: 0, y: 0, w: 6, h: 4 },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

export default defineConfig({
  api: {
    input,
    output: {
      mode: 'tags-split',
      target: './generated/api',
      schemas: './generated/model',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      prettier: false,
      mock: { type: 'msw', delay: false },
      override: {
        mutator: { path: './src/lib/http-client.ts', name: 'httpClient' },
        query: { signal: true },
        operations: {
          // A download answers one of several file types; orval's faker mock for such a union
          // does not type-check, so the mock is one empty GeoJSON collection (the stateful
          // export handlers in mocks/ serve real files).
          downloadExport: { mock: { data: { type: 'FeatureCollection', features: [] } } },
          // faker ignores the property-name pattern inside a widget's grouping and metrics, so
          // these mocks answer one plausible widget (the stateful handlers in mocks/ serve more).
          listWidgets: { mock: { data: { data: [EXAMPLE_WIDGET] } } },
          createWidget: { mock: { data: { data: EXAMPLE_WIDGET } } },
          updateWidget: { mock: { data: { data: EXAMPLE_WIDGET } } },
          // Reads sent as POST (their question is a body): queries, so each answer is cached
          // under the generated key of its own address and question, where the cache rules
          // (src/lib/cache-changes.ts) find it after a feature changes.
          aggregateLayer: { query: { useQuery: true } },
          searchMainFeatures: { query: { useQuery: true } },
        },
      },
    },
  },
  zod: {
    input,
    output: {
      mode: 'tags-split',
      client: 'zod',
      target: './generated/zod',
      fileExtension: '.zod.ts',
      clean: true,
      prettier: false,
      override: {
        zod: {
          coerce: { param: true, query: true },
          generate: { param: true, query: true, header: true, body: true, response: true },
          // One schema per documented status (`<operationId><status>Response`), so 201s and
          // error bodies are checked too, not only 200s.
          generateEachHttpStatus: true,
        },
      },
    },
  },
});
