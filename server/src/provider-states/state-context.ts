import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

export type Params = Record<string, unknown>;

/**
 * What the states of one interaction share: the database, where files go, who is signed in,
 * and the aliases (`map_1` → the real id of the map the interaction calls map 1). Every value a
 * state returns also lands in `values`, and each setup answers all of them so far, so the
 * verifier has every value whichever answer it keeps.
 */
export interface StateContext {
  db: Database;
  dataDir: string;
  values: Record<string, string | number>;
  signedInUserId: number | undefined;
}

/** Aliases are `<kind>_<id the contract uses>`; anything but letters and digits becomes `_` (uuids). */
export function aliasKey(kind: string, contractId: unknown): string {
  return `${kind}_${String(contractId).replace(/[^A-Za-z0-9]/g, '_')}`;
}

export function remember(context: StateContext, kind: string, contractId: unknown, realId: string | number) {
  context.values[aliasKey(kind, contractId)] = realId;
}

/** What an earlier state of the same interaction remembered for a contract id. */
function remembered(context: StateContext, kind: string, contractId: unknown): string | number {
  const key = aliasKey(kind, contractId);
  const found = context.values[key];
  if (found === undefined)
    throw new Error(`no earlier state of this interaction created ${kind} ${String(contractId)} (${key})`);
  return found;
}

/** The real id behind a contract id an earlier state of the same interaction created. */
export function resolve(context: StateContext, kind: string, contractId: unknown): number {
  return Number(remembered(context, kind, contractId));
}

export function resolveText(context: StateContext, kind: string, contractId: unknown): string {
  return String(remembered(context, kind, contractId));
}

export function required(params: Params, key: string): unknown {
  if (params[key] === undefined || params[key] === null || params[key] === '')
    throw new Error(`provider state parameter "${key}" is missing`);
  return params[key];
}

export function text(params: Params, key: string, fallback?: string): string {
  const value = params[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  if (fallback !== undefined) return fallback;
  throw new Error(`provider state parameter "${key}" is missing`);
}

export function signedIn(context: StateContext, state: string): number {
  if (context.signedInUserId === undefined) throw new Error(`"${state}" needs a signed-in state before it`);
  return context.signedInUserId;
}

/** Unique per server process and call, so states never collide with earlier runs or the demo town. */
const run = randomBytes(4).toString('hex');
let counter = 0;
export const unique = (prefix: string): string => `${prefix}-${run}-${(counter += 1)}`;
export const uniqueEmail = (prefix: string): string => `${unique(prefix)}@pact.example.com`;
