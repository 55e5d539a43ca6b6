/** Thrown when the database could not be had in time: answered 503 with Retry-After. */
export class DatabaseBusy extends Error {
  constructor(readonly waitedMs: number) {
    super(`the database stayed busy for ${waitedMs} ms`);
  }
}

/**
 * Thrown when the database cannot be reached at all (stopped, restarting, cut off): answered
 * 503 with Retry-After, as the fault is passing and not the caller's or the server's code.
 */
export class DatabaseUnreachable extends Error {
  constructor(readonly reason: unknown) {
    super(`the database cannot be reached: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/**
 * One at a time through the embedded database's single connection, first come first
 * served, with a time limit on the wait. PGlite serialises plain queries and transactions
 * behind one mutex that nobody can leave: a query queued behind a transaction that never
 * ends (or that itself waits for that query) waited forever, and every later request with it.
 * Here a waiter gives up after `waitMs` (0: never) and its turn is passed on.
 */
export function createConnectionGate(waitMs: number) {
  let tail: Promise<void> = Promise.resolve();
  return async function through<T>(work: () => Promise<T>): Promise<T> {
    const previous = tail;
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (release = resolve));
    tail = previous.then(() => done);
    let gaveUp = false;
    let timer: NodeJS.Timeout | undefined;
    const turn = previous.then(() => {
      if (gaveUp) release();
      else clearTimeout(timer);
      return !gaveUp;
    });
    const expired = new Promise<false>((resolve) => {
      if (waitMs <= 0) return;
      timer = setTimeout(() => {
        gaveUp = true;
        resolve(false);
      }, waitMs);
    });
    if (!(await Promise.race([turn, expired]))) throw new DatabaseBusy(waitMs);
    try {
      return await work();
    } finally {
      release();
    }
  };
}
