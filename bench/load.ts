import autocannon, { type RequestShape } from 'autocannon';
import { percentile, round } from './stats.ts';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  failed: number;
}

/**
 * Sends requests from `next()` over `connections` concurrent keep-alive connections for
 * `seconds`, timing every answer (autocannon's own summary has no p95).
 */
/**
 * Waits until the server answers a cheap request quickly again. The embedded database answers
 * one query at a time, so requests still queued when a run ends would otherwise be paid for by
 * the next run. Returns how long the wait took (at most about `limitMs`: a server still busy
 * then is measured as it is, and the wait says so).
 */
export async function drained(
  origin: string,
  headers: Record<string, string>,
  { quickMs = 250, limitMs = 180_000, path = '/api/user' } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const asked = performance.now();
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    if (performance.now() - asked <= quickMs) return round(performance.now() - started, 0);
    if (performance.now() - started > limitMs)
      throw new Error(`the server was still busy after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function underLoad(
  origin: string,
  headers: Record<string, string>,
  next: () => RequestShape,
  { connections = 10, seconds = 10 }: { connections?: number; seconds?: number } = {},
): Promise<LoadResult> {
  const times: number[] = [];
  let failed = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requests: times.length,
          perSecond: round(times.length / (result.duration || seconds), 0),
          p50: round(percentile(times, 50)),
          p95: round(percentile(times, 95)),
          failed: failed + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 400) failed += 1;
      times.push(ms);
    });
  });
}
