import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetMocks } from '../../mocks/scenarios';
import { setResponseCheck } from '../lib/http-client';
import { checkResponse } from './response-check';
import { server } from './server';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // A response that does not match its generated zod schema fails the call that got it.
  setResponseCheck(checkResponse);
});
// Every test starts from the same seeded data, signed out.
beforeEach(() => resetMocks());
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  setResponseCheck(undefined);
  server.close();
});
