const KEY = 'atlasboard.last-map-id';

/** /map opens the last map viewed (DESIGN §5); remembered per browser. */
export function lastViewedMapId(): number | null {
  const stored = Number(localStorage.getItem(KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function rememberViewedMap(id: number): void {
  localStorage.setItem(KEY, String(id));
}
