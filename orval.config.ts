import { defineConfig } from 'orval';

// Input is the bundled document (`npm run generate` bundles openapi/ first).
const input = { target: './generated/openapi.json' };

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
