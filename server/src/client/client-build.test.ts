import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientBuildNeeded } from './client-build.ts';

let project = '';
afterEach(() => rmSync(project, { recursive: true, force: true }));

function projectWith(builtAt: Date | undefined, sourceChangedAt: Date): { dist: string } {
  project = mkdtempSync(path.join(tmpdir(), 'atlasboard-build-'));
  const dist = path.join(project, 'dist');
  mkdirSync(path.join(project, 'src', 'features'), { recursive: true });
  const source = path.join(project, 'src', 'features', 'screen.tsx');
  writeFileSync(source, 'export {};\n');
  // A deleted file shows only in its folder's time, so folders count as sources too.
  for (const entry of [source, path.dirname(source), path.join(project, 'src')])
    utimesSync(entry, sourceChangedAt, sourceChangedAt);
  if (builtAt) {
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<div id="app"></div>');
    utimesSync(path.join(dist, 'index.html'), builtAt, builtAt);
  }
  return { dist };
}

describe('npm start builds the client when needed', () => {
  it('builds when there is no build yet', () => {
    const { dist } = projectWith(undefined, new Date('2026-01-01'));
    expect(clientBuildNeeded(dist, project)).toBe(true);
  });

  it('rebuilds when a source changed after the last build', () => {
    const { dist } = projectWith(new Date('2026-01-01'), new Date('2026-01-02'));
    expect(clientBuildNeeded(dist, project)).toBe(true);
  });

  it('keeps a build that is newer than every source', () => {
    const { dist } = projectWith(new Date('2026-01-03'), new Date('2026-01-02'));
    expect(clientBuildNeeded(dist, project)).toBe(false);
  });
});
