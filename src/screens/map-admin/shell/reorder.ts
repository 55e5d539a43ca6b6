/** One item's move in a reorder: its order before and after. */
export type OrderChange<T> = { item: T; from: number; to: number };

/**
 * Sends a reorder as one step with no batch operation in the API: the updates go one by one,
 * and if one fails, those already applied are put back (newest first) before the error is
 * rethrown, so a failed reorder leaves the old order instead of half of the new one.
 */
export async function applyOrderChanges<T>(
  changes: readonly OrderChange<T>[],
  send: (item: T, order: number) => Promise<unknown>,
): Promise<void> {
  const applied: OrderChange<T>[] = [];
  try {
    for (const change of changes) {
      if (change.from === change.to) continue;
      await send(change.item, change.to);
      applied.push(change);
    }
  } catch (error) {
    for (const change of applied.reverse()) {
      // Best effort: a put-back that fails too leaves the refetched list to show the truth.
      await send(change.item, change.from).catch(() => undefined);
    }
    throw error;
  }
}
