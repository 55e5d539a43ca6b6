import { assertDocumentedResponse } from './openapi-response.ts';
import type { TestApp } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/** Tile and pixel (extent 4096) of a lon/lat at zoom z, by the web mercator formulas. */
export function tilePixel(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const fx = ((lon + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  const x = Math.floor(fx);
  const y = Math.floor(fy);
  return { x, y, px: Math.round((fx - x) * 4096), py: Math.round((fy - y) * 4096) };
}

/** A raw GET (the TestClient reads bodies as text; tiles are bytes), still checked against the document. */
export async function getTile(
  t: TestApp,
  client: TestClient,
  url: string,
  headers: Record<string, string> = {},
) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  const type = response.headers['content-type'];
  assertDocumentedResponse(
    'GET',
    url,
    response.statusCode,
    response.statusCode === 200 ? '' : response.body,
    typeof type === 'string' ? type : undefined,
  );
  return response;
}
