import type { RequestShape } from 'autocannon';
import type { Target } from './api-phases.ts';
import { AREA } from './data-file.ts';
import { drained, underLoad, type LoadResult } from './load.ts';
import type { MapServerPeer } from './mapserver-peer.ts';
import type { Session } from './session.ts';
import { round } from './stats.ts';

/** One request generator against one server. */
interface Variant {
  label: string;
  server: 'ours' | 'mapserver';
  next: () => RequestShape;
}

export interface PeerLoadResult {
  load: string;
  /** Our variants (the OGC API items and our own API) by label, and MapServer's figure. */
  ours: Record<string, LoadResult>;
  mapserver: LoadResult;
  /** Every run, in the order they were made, so the spread between rounds shows. */
  rounds: { label: string; result: LoadResult }[];
}

const randomInt = (below: number) => Math.floor(Math.random() * below);

/** A random XYZ tile at zoom z over the points' area. */
export function randomTile(z: number): [number, number, number] {
  const n = 2 ** z;
  const lon = AREA.minLon + Math.random() * (AREA.maxLon - AREA.minLon);
  const lat = AREA.minLat + Math.random() * (AREA.maxLat - AREA.minLat);
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [z, x, y];
}

/** A box holding about 30 of the N uniformly spread points (0.08° × 0.063° at 100,000). */
export function randomBox(n: number): [number, number, number, number] {
  const scale = Math.sqrt(100_000 / n);
  const width = 0.08 * scale;
  const height = 0.063 * scale;
  const lon = AREA.minLon + Math.random() * (AREA.maxLon - AREA.minLon - width);
  const lat = AREA.minLat + Math.random() * (AREA.maxLat - AREA.minLat - height);
  return [lon, lat, lon + width, lat + height].map((value) => Number(value.toFixed(6))) as [
    number,
    number,
    number,
    number,
  ];
}

/** The same box as a `bbox` query parameter. */
export const randomBbox = (n: number): string => randomBox(n).join(',');

/**
 * The loads both servers answer, each as our variants and MapServer's. Pages at a random depth
 * are each server's own way there: our next links carry the last id (`after`), MapServer's an
 * `offset`; both land on the same 15 or 1,000 points.
 */
export function peerLoads(
  target: Target,
  peer: MapServerPeer,
  headers: Record<string, string>,
): { name: string; variants: Variant[] }[] {
  const ogc = `/ogc/maps/${target.mapId}/collections/${target.layerId}/items`;
  const api = `/api/maps/${target.mapId}/layers/${target.layerId}`;
  const depth = (limit: number) => randomInt(Math.max(1, target.count - limit));
  const tile = () => randomTile(12 + randomInt(3));
  return [
    {
      name: 'items, 15 at a random depth',
      variants: [
        {
          label: 'OGC API items',
          server: 'ours',
          next: () => ({ path: `${ogc}?limit=15&after=${depth(15)}` }),
        },
        {
          label: 'our API page',
          server: 'ours',
          next: () => ({ path: `${api}/features?page=${1 + randomInt(Math.ceil(target.count / 15))}` }),
        },
        {
          label: 'MapServer',
          server: 'mapserver',
          next: () => ({ path: `${peer.itemsPath}?f=json&limit=15&offset=${depth(15)}` }),
        },
      ],
    },
    {
      name: 'items, 1,000 at a random depth',
      variants: [
        {
          label: 'OGC API items',
          server: 'ours',
          next: () => ({ path: `${ogc}?limit=1000&after=${depth(1000)}` }),
        },
        {
          label: 'MapServer',
          server: 'mapserver',
          next: () => ({ path: `${peer.itemsPath}?f=json&limit=1000&offset=${depth(1000)}` }),
        },
      ],
    },
    {
      name: 'bbox, ~30 points',
      variants: [
        {
          label: 'OGC API items',
          server: 'ours',
          next: () => ({ path: `${ogc}?limit=1000&bbox=${randomBbox(target.count)}` }),
        },
        {
          label: 'our API layer data',
          server: 'ours',
          next: () => ({ path: `${api}?include_data=true&bbox=${randomBbox(target.count)}` }),
        },
        {
          // The filters panel's question: the box as a layer filter, every match on one page.
          label: 'our filters panel',
          server: 'ours',
          next: () => ({
            method: 'POST',
            path: `/api/maps/${target.mapId}/filter-features?per_page=100`,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              layers_filter: [{ layer_id: target.layerId, filters: [], bbox: randomBox(target.count) }],
            }),
          }),
        },
        {
          label: 'MapServer',
          server: 'mapserver',
          next: () => ({ path: `${peer.itemsPath}?f=json&limit=1000&bbox=${randomBbox(target.count)}` }),
        },
      ],
    },
    {
      name: 'tiles z12–14',
      variants: [
        {
          label: 'our tiles',
          server: 'ours',
          next: () => {
            const [z, x, y] = tile();
            return { path: `${api}/tiles/${z}/${x}/${y}` };
          },
        },
        {
          label: 'MapServer',
          server: 'mapserver',
          next: () => ({ path: peer.tilePath(...tile()) }),
        },
      ],
    },
  ];
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The rounds of one variant as one figure: mean rate and percentiles, all requests and failures. */
function combine(results: LoadResult[]): LoadResult {
  return {
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    perSecond: round(mean(results.map((result) => result.perSecond)), 0),
    p50: round(mean(results.map((result) => result.p50))),
    p95: round(mean(results.map((result) => result.p95))),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
  };
}

/**
 * Every load on both servers, alternating: each round runs each load on ours and on MapServer
 * back to back (MapServer first on odd rounds), so a burst of other work on the shared
 * machine lands on both sides rather than on one.
 */
export async function peerPhases(
  session: Session,
  ourOrigin: string,
  peer: MapServerPeer,
  target: Target,
  { seconds, rounds, log }: { seconds: number; rounds: number; log: (line: string) => void },
): Promise<PeerLoadResult[]> {
  const headers = session.headers();
  const loads = peerLoads(target, peer, headers);
  const runs = new Map<string, { label: string; result: LoadResult }[]>();
  const run = async (variant: Variant, runSeconds = seconds) => {
    const ours = variant.server === 'ours';
    const origin = ours ? ourOrigin : peer.origin;
    const quietPath = ours ? '/api/user' : `${peer.itemsPath}?f=json&limit=1`;
    await drained(origin, ours ? headers : {}, { path: quietPath });
    return underLoad(origin, ours ? headers : {}, variant.next, { seconds: runSeconds });
  };
  // Warm-up on both (2 s each): connections, caches and JIT are not what the table should show.
  for (const load of loads) for (const variant of load.variants) await run(variant, 2);
  for (let round = 0; round < rounds; round += 1)
    for (const load of loads) {
      const order = round % 2 === 0 ? load.variants : [...load.variants].reverse();
      for (const variant of order) {
        const result = await run(variant);
        log(`round ${round + 1} ${load.name} · ${variant.label}: ${JSON.stringify(result)}`);
        const key = `${load.name}\u0000${variant.label}`;
        runs.set(key, [...(runs.get(key) ?? []), { label: variant.label, result }]);
      }
    }
  return loads.map((load) => {
    const of = (label: string) => runs.get(`${load.name}\u0000${label}`) ?? [];
    const ours = Object.fromEntries(
      load.variants
        .filter((variant) => variant.server === 'ours')
        .map((variant) => [variant.label, combine(of(variant.label).map((entry) => entry.result))]),
    );
    const peerLabel = load.variants.find((variant) => variant.server === 'mapserver')?.label ?? 'MapServer';
    return {
      load: load.name,
      ours,
      mapserver: combine(of(peerLabel).map((entry) => entry.result)),
      rounds: load.variants.flatMap((variant) => of(variant.label)),
    };
  });
}
