import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { aliasTarget } from './path-aliases.ts';

/**
 * Writes docs/operations.md: every operation of the bundled document with the route file that
 * handles it, the domain modules its handler calls, the tests that exercise it and the client
 * files that call it. Everything is read from openapi (generated/openapi.json) and the code, so
 * the table is regenerated, never edited:
 *
 *   npx tsx scripts/operations-table.ts           # write docs/operations.md
 *   npx tsx scripts/operations-table.ts --check   # fail if it is out of date (npm run check)
 */

const ROOT = process.cwd();
const OUTPUT = path.join(ROOT, 'docs', 'operations.md');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Server folders that are plumbing, not domain: the table names what a handler decides with. */
const NOT_DOMAIN = /^(routes|http|openapi|i18n|db)\//;

interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
}

interface SourceFile {
  file: string;
  text: string;
}

function walk(dir: string, keep: (file: string) => boolean): SourceFile[] {
  const out: SourceFile[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory()) visit(file);
      else if (keep(file)) out.push({ file, text: readFileSync(path.join(ROOT, file), 'utf8') });
    }
  };
  visit(dir);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

function operationsOf(document: {
  paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [route, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.operationId)
        operations.push({
          id: operation.operationId,
          method: method.toUpperCase(),
          path: route,
          tag: operation.tags?.[0] ?? 'other',
        });
    }
  return operations;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Where a handler is defined: `async id(`, `function id(`, `id: async`, `: TypedHandler<'id'>`,
 * or named as `'id'` to a handler factory (map-parts/part-crud.ts).
 */
function handlerAt(text: string, id: string): number {
  const name = escape(id);
  const match = new RegExp(
    `(?:^|\\s)(?:async\\s+${name}\\s*\\(|function\\s+${name}\\s*\\(|${name}\\s*:\\s*async)|TypedHandler<'${name}'>|\\w+: '${name}'`,
  ).exec(text);
  return match ? match.index : -1;
}

/** The handler's text: from its start to the next handler or top-level declaration. */
function handlerBody(text: string, start: number): string {
  const rest = text.slice(start + 1);
  const next = rest.search(/\n(?: {2}async \w+\(| {2}\w+: async|export |async function |function )/);
  return next === -1 ? rest : rest.slice(0, next);
}

/** Top-level helpers of the file, by name, so a handler's use of one counts what it calls. */
function localHelpers(text: string): Map<string, string> {
  const helpers = new Map<string, string>();
  for (const match of text.matchAll(/^(?:export )?(?:async )?(?:function (\w+)|const (\w+) =)/gm)) {
    const name = (match[1] ?? match[2]) as string;
    helpers.set(name, handlerBody(text, match.index));
  }
  return helpers;
}

/**
 * Imports of a route file that resolve under server/src (as paths from there) or shared/ (as
 * `shared/…`), as module path → imported names.
 */
function domainImports(routeFile: string, text: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'([^']+)'/g)) {
    const specifier = match[2] as string;
    const target =
      aliasTarget(specifier) ??
      path.posix.normalize(path.posix.join(path.posix.dirname(routeFile), specifier));
    if (!target.startsWith('server/src/') && !target.startsWith('shared/')) continue;
    const module = target.startsWith('shared/') ? target : target.slice('server/src/'.length);
    if (NOT_DOMAIN.test(module)) continue;
    const names = (match[1] as string)
      .split(',')
      .map(
        (name) =>
          name
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      )
      .filter((name) => name !== '');
    imports.set(module, names);
  }
  return imports;
}

function domainModulesOf(routeFile: string, text: string, body: string): string[] {
  const helpers = localHelpers(text);
  let reach = body;
  for (const [name, helperBody] of helpers)
    if (new RegExp(`\\b${escape(name)}\\b`).test(body)) reach += `\n${helperBody}`;
  const modules: string[] = [];
  for (const [module, names] of domainImports(routeFile, text))
    if (names.some((name) => new RegExp(`\\b${escape(name)}\\b`).test(reach))) modules.push(module);
  return modules.sort();
}

/** `/api/maps/{id}/filters` as it is written in a test: ids as template expressions or numbers. */
function pathPattern(route: string): RegExp {
  const segments = route
    .split('/')
    .map((segment) =>
      /^\{.+\}$/.test(segment) ? '(?:\\$\\{[^}]+\\}|\\{\\w+\\}|\\d+|[a-z0-9_-]+)' : escape(segment),
    );
  return new RegExp(`['"\`]${segments.join('/')}(?=[?'"\`])`);
}

const code = (files: readonly string[]) =>
  files.length === 0 ? '–' : files.map((f) => `\`${f}\``).join(', ');

export async function operationsTable(): Promise<string> {
  const document = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
  const routes = walk('server/src/routes', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const serverTests = walk('server', (f) => f.endsWith('.test.ts') && !f.includes('node_modules'));
  const pactTests = walk('tests/pact/consumer', (f) => f.endsWith('.test.ts'));
  // Stories name operations only to fail them in the workshop; they are not the app's callers.
  const client = walk(
    'src',
    (f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f) && !f.startsWith('src/testing/'),
  );

  const rows = operationsOf(document).map((operation) => {
    const handlers = routes.filter((route) => handlerAt(route.text, operation.id) !== -1);
    const domain = new Set<string>();
    for (const route of handlers) {
      const body = handlerBody(route.text, handlerAt(route.text, operation.id));
      for (const module of domainModulesOf(route.file, route.text, body)) domain.add(module);
    }
    const pattern = pathPattern(operation.path);
    const calls = new RegExp(`\\b${escape(operation.id)}\\(`);
    const tests = [
      ...pactTests.filter((test) => calls.test(test.text)),
      ...serverTests.filter((test) => pattern.test(test.text)),
    ].map((test) => test.file);
    const name = escape(pascal(operation.id));
    const hook = new RegExp(`\\b(?:use${name}|get${name}QueryOptions|${escape(operation.id)})\\b`);
    const users = client
      .filter((file) => hook.test(file.text) || pattern.test(file.text))
      .map((file) => file.file.slice('src/'.length));
    return [
      `\`${operation.id}\``,
      `${operation.method} \`${operation.path}\``,
      code(handlers.map((route) => route.file.slice('server/src/'.length))),
      code([...domain]),
      code(tests),
      code(users),
    ];
  });

  const table = [
    '| operationId | call | route file | domain modules | tests | client |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ];
  const text = [
    '# Operations',
    '',
    '<!-- Generated by scripts/operations-table.ts from generated/openapi.json and the code; do not edit. -->',
    '',
    'Every operation of the document, in its order: the route file under `server/src/` that handles it,',
    'the domain modules (under `server/src/`, or `shared/…` for those mock mode runs too) its handler or the',
    'route file’s helpers it uses call, the',
    'Pact consumer tests that call it and the server tests that name its path, and the client files',
    '(under `src/`) that use its generated hook or query options, or write its path. Regenerate with `npm run docs:operations`;',
    '`npm run check` fails when this page is out of date. How the parts fit:',
    '[architecture.md](architecture.md).',
    '',
    ...table,
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(OUTPUT)) ?? {};
  return prettier.format(text, { ...options, parser: 'markdown' });
}

async function main(): Promise<void> {
  const text = await operationsTable();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUTPUT, 'utf8');
    } catch {
      // missing counts as out of date
    }
    if (current !== text) {
      console.error('docs/operations.md is out of date: run npm run docs:operations');
      process.exit(1);
    }
    return;
  }
  writeFileSync(OUTPUT, text);
  console.log(`wrote ${path.relative(ROOT, OUTPUT)}`);
}

await main();
