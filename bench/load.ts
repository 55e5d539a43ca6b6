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
