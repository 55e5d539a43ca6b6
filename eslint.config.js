import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const screens = (() => {
  try {
    return readdirSync('src/screens', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

// Screens never import each other (subfolders of one screen may); imports flow
// lib/components → screens → app. "Feature" means a GIS feature, never a screen area.
const boundaryZones = [
  ...screens.map((name) => ({
    target: `./src/screens/${name}`,
    from: './src/screens',
    except: [`./${name}`],
    message: 'Screens must not import each other; move shared code to src/components or src/lib.',
  })),
  { target: './src/screens', from: './src/app', message: 'Screens must not import from the app layer.' },
  {
    target: ['./src/lib', './src/components', './src/stores'],
    from: ['./src/screens', './src/app'],
    message: 'Shared code must not depend on screens or the app layer.',
  },
  // The parts of the repository: the browser's (src/, mocks/) and the server's (server/) meet only
  // in shared/, code that runs in both and imports neither.
  {
    target: ['./src', './mocks'],
    from: './server',
    message: 'The browser does not import the server; move what both need to shared/.',
  },
  {
    target: './server',
    from: ['./src', './mocks'],
    message: 'The server does not import the browser app or mock mode; move what both need to shared/.',
  },
  {
    target: './shared',
    from: ['./src', './mocks', './server'],
    message: 'shared/ runs in the browser and in Node: it imports only itself, generated/ and packages.',
  },
];

// Modules more than two folders up are reached through the aliases of tsconfig.base.json (`@/`,
// `@shared/`, `@server/`, `@generated/`, `@mocks/`, `@workshop/`), not by climbing `../../../`.
const DEEP_RELATIVE = '^(\\.\\./){3,}';
const deepRelativeImports = {
  regex: DEEP_RELATIVE,
  message: 'Import modules three or more folders up through an alias (tsconfig.base.json), e.g. @/lib/x.',
};
// import() and vi.mock()/vi.importActual() name modules too; selectors cannot hold a slash, hence \x2F.
const deepRelativeCalls = [
  {
    selector: 'ImportExpression[source.value=/^(\\.\\.\\x2F){3,}/]',
    message: deepRelativeImports.message,
  },
  {
    selector: "CallExpression[callee.object.name='vi'] > Literal.arguments[value=/^(\\.\\.\\x2F){3,}/]",
    message: deepRelativeImports.message,
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'generated/',
      'coverage/',
      'data/',
      'contracts/',
      'public/mockServiceWorker.js',
      'node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The resolver reads the aliases from tsconfig.base.json, so the rules below follow them.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: 'tsconfig.base.json' },
        }),
      ],
      // no-cycle reads the modules an import leads to: TypeScript ones with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Each block below that sets these two rules again repeats the deep-import entries.
      'no-restricted-imports': ['error', { patterns: [deepRelativeImports] }],
      'no-restricted-syntax': ['error', ...deepRelativeCalls],
      // A module that imports, through others, a module that imports it runs before its own
      // imports are ready when the other is loaded first. Type-only imports are left out by the
      // rule (they are gone at run time); packages are not followed, which keeps it fast.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    extends: [...pluginQuery.configs['flat/recommended']],
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Only src/lib/http-client.ts talks HTTP; use the generated hooks.' },
          ],
          patterns: [deepRelativeImports],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/lib/http-client.ts talks HTTP; use the generated hooks.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Use the generated hooks.' },
        { object: 'globalThis', property: 'fetch', message: 'Use the generated hooks.' },
      ],
      'no-restricted-syntax': [
        'error',
        ...deepRelativeCalls,
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message:
            'Say what changed through src/lib/cache-changes.ts, which owns what each change makes stale.',
        },
      ],
    },
  },
  {
    // shared/ runs in the browser and in Node: neither side's own APIs (its tests run in Node
    // without a DOM, so a browser API fails there too).
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'shared/ runs in the browser too: no Node modules.' },
            {
              regex: '^(fs|path|os|stream|crypto|url|util|worker_threads|child_process|buffer|events)(/|$)',
              message: 'shared/ runs in the browser too: no Node modules.',
            },
            { regex: '^(react|react-dom|ol|cesium)(/|$)', message: 'shared/ runs on the server too: no UI.' },
            deepRelativeImports,
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'].map((name) => ({
          name,
          message: 'shared/ runs on the server too: no browser API.',
        })),
        ...['process', 'Buffer', '__dirname', '__filename', 'require'].map((name) => ({
          name,
          message: 'shared/ runs in the browser too: no Node API.',
        })),
      ],
    },
  },
  {
    // Routes read the request, call the domain and its stores, and answer: the SQL of a table
    // lives in its store module next to the domain (users/users-store.ts, access/groups-store.ts…).
    files: ['server/src/routes/**/*.ts'],
    ignores: ['server/src/routes/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(query|exec)$/]',
          message: 'No SQL in routes: call a store module (one per table, next to its domain).',
        },
        {
          selector: 'Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: 'No SQL in routes: call a store module (one per table, next to its domain).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\s/]',
          message: 'No SQL in routes: call a store module (one per table, next to its domain).',
        },
      ],
    },
  },
  {
    files: ['src/lib/cache-changes.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...deepRelativeCalls] },
  },
  {
    files: ['src/lib/http-client.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepRelativeImports] }] },
  },
);
