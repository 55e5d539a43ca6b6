import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeSections } from '../scripts/locale-sections-plugin.ts';
import { pathAliases } from '../scripts/path-aliases.ts';

// The pieces of vite.config.ts the components need (React, the locale files' sections); the app's
// chunk groups, Cesium's assets and the dev proxy to the server play no part in the workshop.
export default defineConfig({
  plugins: [react(), localeSections()],
  resolve: { alias: pathAliases },
});
