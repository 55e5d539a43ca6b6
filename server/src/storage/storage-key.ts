// Apart from file-store.ts, which picks a store: both stores check their keys with it.

/** A store key must stay inside its area: no `..`, no leading slash, no empty parts. */
export function checkedKey(key: string): string {
  const parts = key.split('/');
  if (parts.length < 2 || parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`unusable storage key: ${key}`);
  return key;
}
