import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLazyModule } from './preload-error';

afterEach(() => sessionStorage.clear());

describe('lazy modules', () => {
  it('dispatch the preload error event when a chunk fails, and still fail', async () => {
    const listener = vi.fn();
    window.addEventListener('vite:preloadError', listener);
    await expect(loadLazyModule(() => Promise.reject(new Error('chunk gone')))).rejects.toThrow('chunk gone');
    window.removeEventListener('vite:preloadError', listener);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('pass a loaded module through without the event', async () => {
    const listener = vi.fn();
    window.addEventListener('vite:preloadError', listener);
    await expect(loadLazyModule(() => Promise.resolve({ Screen: 'ok' }))).resolves.toEqual({ Screen: 'ok' });
    window.removeEventListener('vite:preloadError', listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
