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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    extends: [...pluginQuery.configs['flat/recommended']],
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Only src/lib/http-client.ts talks HTTP; use the generated hooks.' },
          ],
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
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message:
            'Say what changed through src/lib/cache-changes.ts, which owns what each change makes stale.',
        },
      ],
    },
  },
  {
    files: ['src/lib/cache-changes.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/lib/http-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
