import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the 3D viewer finds Cesium's workers, WASM, textures and widget images at run time. */
export const CESIUM_BASE_PATH = '/cesium/';

/** The parts of Cesium's build that are loaded by URL, not bundled (its own advice for bundlers). */
const PARTS = ['Workers', 'ThirdParty', 'Assets', 'Widgets'];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
};

/**
 * Copies Cesium's static parts into the build after bundling and serves them from
 * node_modules in dev. vite-plugin-static-copy would do this but needs a newer Node.
 */
export function cesiumAssets(): Plugin {
  const source = path.resolve('node_modules/cesium/Build/Cesium');
  let outDir = 'dist';
  return {
    name: 'atlasboard-cesium-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await Promise.all(
        PARTS.map((part) =>
          cp(path.join(source, part), path.join(outDir, CESIUM_BASE_PATH, part), { recursive: true }),
        ),
      );
    },
    configureServer(server) {
      server.middlewares.use(CESIUM_BASE_PATH, (req, res, next) => {
        const relative = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
        const file = path.join(source, path.normalize(relative));
        // Only files under one of the copied parts, never a path that climbs out of them.
        const part = path.relative(source, file).split(path.sep)[0] ?? '';
        if (!PARTS.includes(part) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
  };
}
