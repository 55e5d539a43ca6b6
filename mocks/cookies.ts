/**
 * Cookies of the mock "server". Service-worker responses cannot set cookies, so in a
 * document (mock mode, jsdom) the mock writes them into document.cookie itself; that is
 * also where axios reads XSRF-TOKEN from. Without a document they live in memory.
 */
const memoryJar = new Map<string, string>();

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function readMockCookie(name: string): string | undefined {
  if (!hasDocument()) return memoryJar.get(name);
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function writeMockCookie(name: string, value: string): void {
  if (!hasDocument()) {
    memoryJar.set(name, value);
    return;
  }
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function clearMockCookie(name: string): void {
  if (!hasDocument()) {
    memoryJar.delete(name);
    return;
  }
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
