import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetMocks } from '../../mocks/scenarios';
import { chooseMockTown } from '../../mocks/town';
import { setResponseCheck } from '../lib/http-client';
import { recordedMap } from '../map/testing/recording-map-canvas';
import { resetClientState } from './render';
import { checkResponse } from './response-check';
import { server } from './server';

// Screens, admin children and overlays load lazily, each in its own chunk. A test waits for what the
// user sees within testing-library's default second, and a module graph's first import can take
// longer than that on a busy machine; with one module cache per worker only the worker's first file
// pays it, so a test's outcome would depend on which files ran before it. Every file therefore
// starts with all of them imported (the map engines stay lazy: their tests mock or load them).
const lazyModules = import.meta.glob([
  '../app/**/*.tsx',
  '../screens/**/*.tsx',
  '../components/**/*.tsx',
  '!**/*.test.tsx',
  // The workshop's stories are no screen's code; src/stories.test.tsx imports them itself.
  '!**/*.stories.tsx',
]);

// The tests name the small hand-made town's features one by one (mocks/features-town.ts); mock
// mode serves the server's demo town, which mocks/demo-town.test.ts compares with its generator.
chooseMockTown('fixture');

beforeAll(async () => {
  await Promise.all(Object.values(lazyModules).map((load) => load()));
  server.listen({ onUnhandledRequest: 'error' });
  // A response that does not match its generated zod schema fails the call that got it.
  setResponseCheck(checkResponse);
});
// Every test starts from the same seeded data, signed out, with no map drawn by an earlier test.
beforeEach(() => {
  resetMocks();
  resetClientState();
  recordedMap.props = null;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  setResponseCheck(undefined);
  server.close();
});
