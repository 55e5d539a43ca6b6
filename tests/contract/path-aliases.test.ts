import { existsSync, readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { aliasTarget } from '../../scripts/path-aliases.ts';

type Paths = Record<string, string[]>;

function pathsOf(file: string): Paths | undefined {
  const { config, error } = ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8'));
  if (error) throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return (config as { compilerOptions?: { paths?: Paths } }).compilerOptions?.paths;
}

const base = pathsOf('tsconfig.base.json') ?? {};
const projects = readdirSync('.').filter(
  (name) => /^tsconfig\..+\.json$/.test(name) && name !== 'tsconfig.base.json',
);

/**
 * The import aliases are declared in tsconfig.base.json; a project that sets `paths` itself
 * replaces the base's table, so it must repeat it, or its files' aliased imports stop resolving
 * in the type-check while Vite and tsx still find them.
 */
describe('path aliases', () => {
  it('name folders that exist', () => {
    expect(Object.keys(base).length).toBeGreaterThan(0);
    for (const [alias, [target]] of Object.entries(base)) {
      expect(target, alias).toMatch(/\/\*$/);
      expect(existsSync((target as string).slice(0, -2)), alias).toBe(true);
    }
  });

  it('are repeated whole by each project that sets its own', () => {
    const own = projects.flatMap((project) => {
      const paths = pathsOf(project);
      return paths ? [[project, paths] as const] : [];
    });
    // The client's program sets qrcode's browser types beside them.
    expect(own.map(([project]) => project)).toContain('tsconfig.client.json');
    for (const [project, paths] of own)
      for (const [alias, targets] of Object.entries(base))
        expect(paths[alias], `${project} ${alias}`).toEqual(targets);
  });

  it('resolve for Vite as for TypeScript', () => {
    expect(aliasTarget('@shared/http/pagination.ts')).toBe('shared/http/pagination.ts');
    expect(aliasTarget('@server/config.ts')).toBe('server/src/config.ts');
    expect(aliasTarget('@/lib/paths')).toBe('src/lib/paths');
    expect(aliasTarget('@tanstack/react-query')).toBeUndefined();
    expect(aliasTarget('../lib/paths')).toBeUndefined();
  });
});
