/**
 * Only what changed: the old and new value of each entry (a property, or the geometry) that
 * differs. Undefined when nothing did, so an edit that changes nothing leaves no history row.
 */
export function changedValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { old: Record<string, unknown>; new: Record<string, unknown> } | undefined {
  const old: Record<string, unknown> = {};
  const next: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    old[name] = before[name] ?? null;
    next[name] = after[name] ?? null;
  }
  return Object.keys(next).length === 0 ? undefined : { old, new: next };
}
