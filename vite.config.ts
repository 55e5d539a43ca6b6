import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { cesiumAssets } from './scripts/cesium-assets-plugin.ts';
import { localeSections } from './scripts/locale-sections-plugin.ts';
import { pathAliases } from './scripts/path-aliases.ts';
import { signInChunk } from './scripts/sign-in-chunk-plugin.ts';

// The real server answers these paths; in dev they are proxied so the session
// cookie stays same-origin (docs/decisions.md#session-and-xsrf). Mock mode (VITE_MOCK=1) never reaches them.
const serverPaths = ['/api', '/login', '/login2fa', '/logout', '/register'];
const target = process.env.ATLASBOARD_SERVER_URL ?? 'http://localhost:8080';

const signIn = signInChunk(['src/app/app-root.tsx', 'src/screens/auth/login-screen.tsx']);

export default defineConfig({
  plugins: [react(), cesiumAssets(), localeSections(), signIn.plugin],
  resolve: { alias: pathAliases },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs, whole (each is used almost entirely by /login already).
            {
              name: 'first-load',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|axios|zustand|js-cookie|use-sync-external-store)[\\/]/,
            },
            { name: 'sign-in', priority: 1, test: signIn.captures },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      serverPaths.map((path): [string, ProxyOptions] => [
        path,
        {
          target,
          changeOrigin: false,
          // /login and /register are also client routes: only hand over the API calls,
          // let the browser's page loads fall through to the SPA.
          bypass: (req) =>
            req.method === 'GET' && req.headers.accept?.includes('text/html') ? req.url : undefined,
        },
      ]),
    ),
  },
});
