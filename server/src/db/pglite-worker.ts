import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPGlite } from './pglite.ts';
import { toWire, type FromPGlite, type PGliteWorkerData, type ToPGlite } from './pglite-messages.ts';

/**
 * The PGlite worker thread: owns the embedded database and runs what the HTTP thread sends, so
 * PostgreSQL's work (WebAssembly) and the rows' parsing happen beside JSON encoding and HTTP on
 * the other core. The HTTP thread's gate lets one query or transaction through at a time; this
 * side only executes.
 */
function parent(): MessagePort {
  if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
  return parentPort;
}
const port = parent();
const post = (message: FromPGlite) => port.postMessage(message);
const fail = (id: number, error: unknown) => post({ id, ok: false, error: toWire(error) });

/** Thrown into PGlite's transaction callback to make it roll back; not an error to report. */
const ROLLBACK = Symbol('rollback');

/** The transaction `begin` opened: PGlite holds it (and its mutex) until `end` settles it. */
let open: { tx: Transaction; end: (commit: boolean, replyTo: number) => void } | undefined;
const subscriptions = new Map<number, () => Promise<void>>();

function begin(pg: PGlite, id: number): void {
  let replyTo: number | undefined;
  // PGlite's own transaction (not a BEGIN sent as a query): a LISTEN waits for it to end, as
  // in-process, instead of running inside it.
  const settled = pg.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        open = {
          tx,
          end: (commit, to) => {
            replyTo = to;
            if (commit) resolve();
            else reject(ROLLBACK);
          },
        };
        post({ id, ok: true });
      }),
  );
  settled.then(
    () => {
      open = undefined;
      if (replyTo !== undefined) post({ id: replyTo, ok: true });
    },
    (error: unknown) => {
      open = undefined;
      // Before `end`, the BEGIN itself failed: the caller is still waiting for its answer.
      if (replyTo === undefined) fail(id, error);
      else if (error === ROLLBACK) post({ id: replyTo, ok: true });
      else fail(replyTo, error);
    },
  );
}

async function answer(pg: PGlite, message: ToPGlite): Promise<unknown[] | undefined> {
  switch (message.op) {
    case 'query': {
      if (message.tx && !open) throw new Error('the transaction is not open');
      const target = message.tx && open ? open.tx : pg;
      return (await target.query(message.sql, message.params)).rows;
    }
    case 'listen': {
      const { subscription } = message;
      // PGlite calls this while it reads the answer of the statement that committed the notice,
      // so the notice is posted before that statement's reply and arrives first.
      const off = await pg.listen(message.channel, (payload) => post({ notice: subscription, payload }));
      subscriptions.set(subscription, off);
      return undefined;
    }
    case 'unlisten':
      await subscriptions.get(message.subscription)?.();
      subscriptions.delete(message.subscription);
      return undefined;
    case 'close':
      await pg.close();
      return undefined;
    default:
      throw new Error(`${message.op} is answered elsewhere`);
  }
}

async function start(): Promise<void> {
  const data = workerData as PGliteWorkerData;
  const pg = await createPGlite({
    ...(data.dataDir !== undefined ? { dataDir: data.dataDir } : {}),
    ...(data.load !== undefined ? { loadDataDir: new Blob([data.load]) } : {}),
  });
  port.on('message', (message: ToPGlite) => {
    if (message.op === 'begin') return begin(pg, message.id);
    if (message.op === 'end') {
      if (open) open.end(message.commit, message.id);
      else fail(message.id, new Error('the transaction is not open'));
      return;
    }
    answer(pg, message).then(
      (rows) => post(rows === undefined ? { id: message.id, ok: true } : { id: message.id, ok: true, rows }),
      (error: unknown) => fail(message.id, error),
    );
  });
  post({ id: 0, ok: true });
}

start().catch((error: unknown) => fail(0, error));
