import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MOCK_ADMIN } from '../../mocks/accounts';
import { newUserPage, screenshotFailures, workerBrowser } from './support/browser';
import { startMockMode, waitForDevServerToSettle, type RunningMockMode } from './support/mock-mode';
import { signIn } from './support/ui';
import { createEditSearchDeleteUser } from './support/users-flow';

// Flow 7: the same sign-in and users flow as against the real server, with MSW in the browser.
describe('mock mode (npm run dev:mock)', () => {
  let mock: RunningMockMode | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  screenshotFailures(() => page);

  beforeAll(async () => {
    [mock, browser] = await Promise.all([startMockMode(), workerBrowser()]);
    ({ context, page } = await newUserPage(browser, mock.baseUrl));
    await waitForDevServerToSettle(page, '/login');
  });

  afterAll(async () => {
    await context?.close();
    await mock?.stop();
  });

  test('the mock admin signs in and creates, edits, searches and deletes a user', async () => {
    if (!page) throw new Error('no page');
    await signIn(page, MOCK_ADMIN.email, MOCK_ADMIN.password, MOCK_ADMIN.name);
    const suffix = randomBytes(3).toString('hex');
    await createEditSearchDeleteUser(page, {
      name: `Mock Person ${suffix}`,
      email: `mock-person-${suffix}@example.com`,
      password: `pw-${randomBytes(8).toString('hex')}`,
    });
  });
});
