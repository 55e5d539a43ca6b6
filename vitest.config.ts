import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './scripts/path-aliases.ts';

// One project per kind of test; the README's test command runs them in order (the Pact
// consumer first, in its own process so MSW stays out of Pact; then the provider, the contract
// checks, both of which read the pact the consumer wrote, and the server suite in one run, so
// a long file of one project does not leave the other core idle at the end of its run).
// Every project resolves the import aliases; only the unit project extends this root config
// (for the React plugin), so each of the others names them itself.
const resolve = { alias: pathAliases };

export default defineConfig({
  plugins: [react()],
  resolve,
  test: {
    // Vitest leaves one core to itself by default (one worker on CI's two); the test files are
    // CPU-bound in their workers while the main process mostly waits, so use every core (files
    // that must run alone say fileParallelism: false). One value for all projects, because
    // projects run together must agree on it.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts'],
          exclude: ['src/stories.test.tsx'],
          setupFiles: ['src/testing/setup.ts'],
          // Files of one worker share its module cache: each file still gets a fresh jsdom and the
          // setup's reset (seeded mocks, signed out, handlers reset), but the app's module graph,
          // MSW's handlers and the locale texts are imported once per worker instead of once per
          // file, which was most of the suite's time (207 s → 59 s on 2 cores). The suite passes
          // in shuffled file orders (`--sequence.shuffle.files`), so no file leans on another's state.
          isolate: false,
          // The setup imports every lazily loaded screen once per worker before the first test.
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // The code both the browser and the server run (shared/): in Node, without a DOM, so
          // a test there fails if the code leans on a browser-only API.
          name: 'shared',
          environment: 'node',
          include: ['shared/**/*.test.ts'],
        },
      },
      {
        resolve,
        test: {
          // The workshop's stories, rendered with their own mock answers. Apart from the unit files:
          // Storybook's project annotations and the stories' sign-ins are global to a module cache,
          // and the unit files that later shared one with them failed by order.
          name: 'stories',
          environment: 'jsdom',
          include: ['src/stories.test.tsx'],
          setupFiles: ['src/testing/setup.ts'],
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'pact-consumer',
          environment: 'node',
          include: ['tests/pact/consumer/**/*.test.ts'],
          fileParallelism: false,
          // One module cache for the files in turn: each file used to load Pact's native core
          // anew (most of the project's 77 s; 32 s now). Every file makes its own PactV4 and the
          // pact written is the same byte for byte.
          isolate: false,
          globalSetup: ['tests/pact/consumer/global-setup.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'pact-provider',
          environment: 'node',
          include: ['tests/pact/provider/**/*.test.ts'],
          // One test replays every interaction (over 120 of them) against a real server.
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          // tests/parity: the mock-parity scenarios, against mock mode's handlers and the real server.
          include: ['server/**/*.test.ts', 'tests/parity/**/*.test.ts'],
          // Tests of several server processes sharing PostgreSQL run in the PostgreSQL pass only;
          // the tests of PGlite's own worker thread, in the PGlite pass only.
          exclude: [
            'server/**/*.pg.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['server/src/db/pglite-thread.test.ts'] : []),
          ],
          // Files of one worker share its module state, so they share one PGlite, emptied for each
          // file (server/test-support/test-database.ts) instead of each starting its own.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['server/**/*.pg.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // Files run side by side, one worker per core: a file mostly waits on its browser and its
          // server, each a process of its own, so two files keep both cores busy. Each worker keeps
          // the support modules for its files, so a file's server can be started while the file
          // before it in that worker runs (support/real-server-suite.ts).
          isolate: false,
          // The run's directory for the data dirs each kind of server starts from (support/server.ts).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
