import type { SetupWorker } from 'msw/browser';

/**
 * Mock mode's service worker with the one handler list (`handlers.ts`), started: used by the app
 * in mock mode (src/main.tsx) and by the component workshop (.storybook/preview.tsx), which resets
 * it to this list before each story and lays the story's own handlers over it.
 */
export async function startMockWorker(): Promise<SetupWorker> {
  const [{ setupWorker }, { http, passthrough }, { handlers }, { installBrowserOverrides }] =
    await Promise.all([
      import('msw/browser'),
      import('msw'),
      import('./handlers'),
      import('./browser-overrides'),
    ]);
  // Vite serves generated/api/**.ts as modules; without this, '*/api/users/:id' answers them.
  const viteModules = http.get('/generated/*', () => passthrough());
  // Before the worker starts, so `?mock=` overrides apply to the very first call.
  installBrowserOverrides();
  const worker = setupWorker(viteModules, ...handlers);
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  return worker;
}
