import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * docs/architecture.md#first-load: what a guest's first screen needs, in one chunk instead of
 * about twenty small ones (each file is gzipped on its own, so one file compresses better and is
 * one request). `roots` are the sign-in shell and the login screen; the group holds every module
 * they import statically, found from the module graph once it is complete, so nothing the
 * signed-in screens alone import joins it.
 */
export function signInChunk(roots: string[]): { plugin: Plugin; captures: (id: string) => boolean } {
  const wanted = new Set<string>();
  const plugin: Plugin = {
    name: 'atlasboard-sign-in-chunk',
    apply: 'build',
    buildEnd() {
      wanted.clear();
      const queue = roots.map((root) => path.resolve(root));
      // Bounded by the module graph: each id is visited once.
      while (queue.length > 0) {
        const id = queue.pop();
        if (id === undefined || wanted.has(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info) continue;
        wanted.add(id);
        queue.push(...info.importedIds);
      }
    },
  };
  return { plugin, captures: (id) => wanted.has(id) && !id.includes('node_modules') };
}
