import { expect } from 'vitest';
import type { ParityClient, ParityResponse } from './parity-client';

/** Small readers of the wire shapes the scenarios look at (openapi/components). */
export type Json = Record<string, unknown>;

export interface WireFeature {
  id: number;
  layer_id?: number;
  properties: Json;
}

export interface WireMap {
  id: number;
  title: string;
  layers_count: number;
}

export interface WireLayer {
  id: number;
  name: string;
  type: string;
  geometry_type: string | null;
  properties: { name: string; type: string; required: boolean }[];
}

export interface WireAudit {
  event: string;
  version?: number | null;
  user: { id: number; name: string } | null;
  old_values: Json | null;
  new_values: Json | null;
}

export interface WirePage<T> {
  data: T[];
  links: { first: string | null; last: string | null; prev: string | null; next: string | null };
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}

export function asObject(value: unknown): Json {
  expect(value, 'a JSON object').toBeTypeOf('object');
  expect(value).not.toBeNull();
  return value as Json;
}

/** The response's body after checking its status, with the body in the failure message. */
export function expectStatus(response: ParityResponse, status: number): Json {
  expect(response.status, JSON.stringify(response.body)?.slice(0, 500)).toBe(status);
  return (response.body ?? {}) as Json;
}

export function dataOf<T>(response: ParityResponse, status = 200): T {
  return expectStatus(response, status).data as T;
}

export function pageOf<T>(response: ParityResponse): WirePage<T> {
  const body = expectStatus(response, 200) as unknown as WirePage<T>;
  expect(Array.isArray(body.data)).toBe(true);
  expect(body.meta).toMatchObject({
    current_page: expect.any(Number),
    per_page: expect.any(Number),
    total: expect.any(Number),
  });
  expect(body.links).toHaveProperty('next');
  return body;
}

/** Signs in the way the app does: the first read hands out the XSRF token, then POST /login. */
export async function signIn(client: ParityClient, email: string, password: string): Promise<Json> {
  await client.request('GET', '/api/user');
  expect(
    expectStatus(await client.request('POST', '/login', { email, password, remember: false }), 200),
  ).toEqual({
    next_step: 'home',
  });
  return dataOf<Json>(await client.request('GET', '/api/user'));
}

export async function signOut(client: ParityClient): Promise<void> {
  const response = await client.request('POST', '/logout');
  expect(response.status).toBe(204);
}

/** A text value a property of the feature holds, to search and filter by. */
export function textProperty(feature: WireFeature): [string, string] | undefined {
  const entry = Object.entries(feature.properties).find(
    ([, value]) => typeof value === 'string' && value.trim().length >= 2,
  );
  return entry ? [entry[0], String(entry[1])] : undefined;
}

let users = 0;

/** An admin creates a plain account (type `user`), as the users screen does; returns how to sign in. */
export async function createPlainUser(
  admin: ParityClient,
  purpose: string,
): Promise<{ id: unknown; email: string; password: string }> {
  users += 1;
  const email = `parity.${purpose}.${Date.now()}.${users}@example.com`;
  const password = 'parity-password-123';
  const response = await admin.request('POST', '/api/users', {
    name: `Parity ${purpose}`,
    email,
    password,
    password_confirmation: password,
    type: 'user',
  });
  const created = expectStatus(response, 201).data as Json;
  expect(created).toMatchObject({ email, type: 'user' });
  return { id: created.id, email, password };
}
