/**
 * What the HTTP thread and the PGlite worker say to each other (see pglite-thread.ts). Every
 * request carries an id its reply repeats; notices carry the subscription they belong to.
 */
export type ToPGlite =
  /** `tx`: inside the transaction `begin` opened (the worker holds it on its one connection). */
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx: boolean }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; commit: boolean }
  | { id: number; op: 'listen'; channel: string; subscription: number }
  | { id: number; op: 'unlisten'; subscription: number }
  | { id: number; op: 'close' };

/** An error as it crossed the thread: its message and the fields callers read (code, constraint…). */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

export type FromPGlite =
  | { id: number; ok: true; rows?: unknown[] }
  | { id: number; ok: false; error: WireError }
  | { notice: number; payload: string };

/** What the worker is started with; `load` is the template dump's bytes (moved, not copied). */
export interface PGliteWorkerData {
  dataDir?: string;
  load?: ArrayBuffer;
}

/** Copies what structured cloning would drop: an Error's own fields beyond name and message. */
export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error))
    if ((typeof value === 'string' || typeof value === 'number') && key !== 'message' && key !== 'stack')
      fields[key] = value;
  return { name: error.name, message: error.message, fields };
}

/** A database error raised on the worker, with the same `code`, `constraint`, `detail`… as there. */
export class WorkerDatabaseError extends Error {
  [field: string]: unknown;
  constructor(wire: WireError) {
    super(wire.message);
    Object.assign(this, wire.fields);
    this.name = wire.name;
  }
}
