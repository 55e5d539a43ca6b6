import { openAsBlob } from 'node:fs';
import { AREA, KINDS, pointName } from './data-file.ts';
import { drained, underLoad, type LoadResult } from './load.ts';
import type { ServerProcess } from './server-process.ts';
import type { Session } from './session.ts';
import { MB, percentile, round } from './stats.ts';

export interface Target {
  mapId: number;
  layerId: number;
  count: number;
}

/**
 * The points through the real import path the client takes for a file this big: the upload
 * to the import job operation, then polling the job until its layer exists (a million-row
 * CSV takes minutes, longer than one request should wait).
 */
export async function importPoints(
  session: Session,
  server: ServerProcess,
  file: string,
  count: number,
): Promise<{ target: Target; seconds: number; peakMb: number }> {
  const map = await session.json<{ data: { id: number } }>('POST', '/api/maps', {
    title: `Benchmark ${count.toLocaleString('en')} points`,
    center: [(AREA.minLon + AREA.maxLon) / 2, (AREA.minLat + AREA.maxLat) / 2],
    zoom: 7,
  });
  const form = new FormData();
  form.set('file', await openAsBlob(file, { type: 'text/csv' }), 'points.csv');
  form.set('name', 'Random points');
  server.resetPeak();
  const started = performance.now();
  const queued = await session.json<{ data: { id: string } }>(
    'POST',
    `/api/maps/${map.data.id}/layer-imports`,
    form,
  );
  let job: { status: string; layer_id: number | null; error: string | null };
  for (;;) {
    try {
      job = (await session.json<{ data: typeof job }>('GET', `/api/imports/${queued.data.id}`)).data;
      if (job.status === 'ready' || job.status === 'failed') break;
    } catch (error) {
      // A poll that waited past DB_WAIT_TIMEOUT_MS behind the import's statements is answered
      // 503 with Retry-After. The server is busy, not gone; ask again.
      const busy = error instanceof Error && / answered 503:/.test(error.message);
      if (!(error instanceof TypeError) && !busy) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  if (job.status !== 'ready' || job.layer_id === null) throw new Error(`the import failed: ${job.error}`);
  const layer = await session.json<{ data: { id: number; features_count: number } }>(
    'GET',
    `/api/maps/${map.data.id}/layers/${job.layer_id}`,
  );
  if (layer.data.features_count !== count)
    throw new Error(`imported ${layer.data.features_count} features, expected ${count}`);
  return {
    target: { mapId: map.data.id, layerId: layer.data.id, count },
    seconds: round(seconds),
    peakMb: round(server.peakMb(), 0),
  };
}

const randomInt = (below: number) => Math.floor(Math.random() * below);

function randomTile(z: number): string {
  const n = 2 ** z;
  const lon = AREA.minLon + Math.random() * (AREA.maxLon - AREA.minLon);
  const lat = AREA.minLat + Math.random() * (AREA.maxLat - AREA.minLat);
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

export interface LoadPhases {
  pageDeep: LoadResult;
  pageNext: LoadResult;
  search: LoadResult;
  bboxFilter: LoadResult;
  tilesZ12to14: LoadResult;
  /** Absent from runs made before it was measured: the grid table serves these now. */
  tilesZ10to11?: LoadResult;
  searchBroad?: LoadResult;
  /** The same next-link page as pageNext, of the layer "as it was" halfway through its edits. */
  pageAsOf?: LoadResult;
  /** Dashboards: the whole layer by kind (cached per layer version), and within a box. */
  aggregateWhole?: LoadResult;
  aggregateBbox?: LoadResult;
}

/** Edits written before the as-of phase: a tenth of the layer, at most 100,000 (one per feature). */
const EDITS_MAX = 100_000;
const EDITS_PER_SAVE = 500;

/**
 * Gives the layer a history: a tenth of its features (at most 100,000) each saved once with a
 * new name, through the same bulk save the editor uses. Answers the moment halfway through,
 * so a page of then has changed features to rebuild on both sides of it.
 */
async function writeHistory(session: Session, target: Target, firstId: number): Promise<string> {
  const edits = Math.min(EDITS_MAX, Math.floor(target.count / 10));
  let halfway = new Date().toISOString();
  for (let done = 0; done < edits; done += EDITS_PER_SAVE) {
    if (done >= edits / 2 && done < edits / 2 + EDITS_PER_SAVE) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      halfway = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const features = Array.from({ length: Math.min(EDITS_PER_SAVE, edits - done) }, (_, i) => ({
      type: 'Feature',
      // Spread over the layer: every tenth feature.
      id: firstId + (done + i) * 10,
      layer_id: target.layerId,
      properties: { name: `edited ${done + i}` },
    }));
    await session.json('POST', `/api/maps/${target.mapId}/updateFeatures`, { features });
  }
  return halfway;
}

/** Each read the viewer and the table make, under concurrent load on loopback. */
export async function loadPhases(
  session: Session,
  // Only where to send the load: one instance, or the balancer in front of several.
  server: Pick<ServerProcess, 'origin'>,
  target: Target,
  seconds: number,
  { only, log }: { only?: readonly (keyof LoadPhases)[]; log?: (line: string) => void } = {},
): Promise<Partial<LoadPhases>> {
  const base = `/api/maps/${target.mapId}/layers/${target.layerId}`;
  const lastPage = Math.ceil(target.count / 15);
  const headers = session.headers();
  // Each run starts once the previous one's queued requests are answered, so it is timed alone.
  const run = async (
    next: () => { method?: string; path: string; body?: string; headers?: Record<string, string> },
  ) => {
    const waited = await drained(server.origin, headers);
    if (waited > 1000) log?.(`waited ${waited} ms for the previous run's requests to be answered`);
    return underLoad(server.origin, headers, next, { seconds });
  };
  // Warm-up: the first requests pay for caches and JIT, which is not what the table should show.
  await run(() => ({ path: `${base}/features?page=1` }));
  const firstId =
    (await session.json<{ data: { id: number }[] }>('GET', `${base}/features?page=1`)).data[0]?.id ?? 1;
  const phases: Record<keyof LoadPhases, () => Promise<LoadResult>> = {
    // A page number with no cursor, as the table asks when the scrollbar is dragged anywhere.
    pageDeep: () => run(() => ({ path: `${base}/features?page=${1 + randomInt(lastPage)}` })),
    // Following a next link (keyset cursor) from anywhere in the layer.
    pageNext: () =>
      run(() => ({
        path: `${base}/features?page=2&after_id=${firstId + randomInt(target.count)}`,
      })),
    // The table's search box: one point by (part of) its name.
    search: () =>
      run(() => ({
        path: `${base}/features?search=${encodeURIComponent(pointName(randomInt(target.count)).slice(3))}`,
      })),
    // The first letters typed into the search box: a kind's start, matching a fifth of the layer.
    searchBroad: () =>
      run(() => ({
        path: `${base}/features?search=${KINDS[randomInt(KINDS.length)]?.slice(0, 3) ?? 'hyd'}`,
      })),
    // The filters panel: a kind within a 5 km box somewhere in the area.
    bboxFilter: () =>
      run(() => {
        const lon = AREA.minLon + Math.random() * (AREA.maxLon - AREA.minLon - 0.06);
        const lat = AREA.minLat + Math.random() * (AREA.maxLat - AREA.minLat - 0.045);
        return {
          method: 'POST',
          path: `/api/maps/${target.mapId}/filter-features`,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            layers_filter: [
              {
                layer_id: target.layerId,
                filters: [{ property: 'kind', operator: 'eq', value: KINDS[randomInt(KINDS.length)] }],
                bbox: [lon, lat, lon + 0.06, lat + 0.045],
              },
            ],
          }),
        };
      }),
    // A dashboard widget on the whole layer: features by kind, the answer kept per layer version.
    aggregateWhole: () =>
      run(() => ({
        method: 'POST',
        path: `${base}/aggregate`,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ group_by: { property: 'kind' }, metrics: [{ op: 'count' }] }),
      })),
    // A widget following the map: the same question within a 5 km box somewhere in the area.
    aggregateBbox: () =>
      run(() => {
        const lon = AREA.minLon + Math.random() * (AREA.maxLon - AREA.minLon - 0.06);
        const lat = AREA.minLat + Math.random() * (AREA.maxLat - AREA.minLat - 0.045);
        return {
          method: 'POST',
          path: `${base}/aggregate`,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            group_by: { property: 'kind' },
            metrics: [{ op: 'count' }],
            bbox: [lon, lat, lon + 0.06, lat + 0.045],
          }),
        };
      }),
    tilesZ12to14: () => run(() => ({ path: `${base}/tiles/${randomTile(12 + randomInt(3))}` })),
    tilesZ10to11: () => run(() => ({ path: `${base}/tiles/${randomTile(10 + randomInt(2))}` })),
    // Compare with pageNext: within twice its time is the goal.
    pageAsOf: async () => {
      log?.("writing the layer's history for the as-of phase");
      const asOf = encodeURIComponent(await writeHistory(session, target, firstId));
      return run(() => ({
        path: `${base}/features?page=2&after_id=${firstId + randomInt(target.count)}&as_of=${asOf}`,
      }));
    },
  };
  const results: Partial<LoadPhases> = {};
  for (const name of Object.keys(phases) as (keyof LoadPhases)[])
    if (!only || only.includes(name)) {
      const result = await phases[name]();
      log?.(`${name}: ${JSON.stringify(result)}`);
      results[name] = result;
    }
  return results;
}

/** Every tile over the area from z0 to z8, one at a time: the biggest and the slowest. */
export async function lowZoomTiles(session: Session, target: Target) {
  const base = `/api/maps/${target.mapId}/layers/${target.layerId}/tiles`;
  let largestBytes = 0;
  let largestAt = '';
  const times: number[] = [];
  for (let z = 0; z <= 8; z += 1) {
    const n = 2 ** z;
    const [x0, y0] = randomTileAt(z, AREA.minLon, AREA.maxLat);
    const [x1, y1] = randomTileAt(z, AREA.maxLon, AREA.minLat);
    for (let x = x0; x <= Math.min(x1, n - 1); x += 1) {
      for (let y = y0; y <= Math.min(y1, n - 1); y += 1) {
        const started = performance.now();
        const response = await session.request('GET', `${base}/${z}/${x}/${y}`);
        const bytes = (await response.arrayBuffer()).byteLength;
        times.push(performance.now() - started);
        if (bytes > largestBytes) [largestBytes, largestAt] = [bytes, `${z}/${x}/${y}`];
      }
    }
  }
  return {
    tiles: times.length,
    largestKb: round(largestBytes / 1024),
    largestAt,
    slowestMs: round(Math.max(...times), 0),
    p95Ms: round(percentile(times, 95), 0),
  };
}

function randomTileAt(z: number, lon: number, lat: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  ];
}

export interface ExportResult {
  seconds: number;
  sizeMb: number;
  /** The server's resident memory at its highest during the export. */
  peakMb: number;
  /** Resident memory when the export was asked for, and the peak's growth above it (what the export needed). */
  startMb?: number;
  growthMb?: number;
}

/** A whole-layer export from request to the file downloaded, with the server's memory growth. */
export async function exportLayer(
  session: Session,
  server: ServerProcess,
  target: Target,
  format: 'geojson' | 'csv' | 'gpkg',
  saveTo?: string,
): Promise<ExportResult> {
  type ExportBody = { data: { id: string; status: string; size: number | null } };
  const startMb = server.resetPeak();
  const started = performance.now();
  let job = await session.json<ExportBody>('POST', `/api/maps/${target.mapId}/export-features`, {
    format,
    layer_id: target.layerId,
  });
  while (job.data.status !== 'ready') {
    if (job.data.status === 'failed') throw new Error(`the ${format} export failed`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = await session.json<ExportBody>('GET', `/api/exports/${job.data.id}`);
  }
  const response = await session.request('GET', `/api/get-export/${job.data.id}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (saveTo) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(saveTo, bytes);
  }
  return {
    seconds: round((performance.now() - started) / 1000),
    peakMb: round(server.peakMb(), 0),
    startMb: round(startMb, 0),
    growthMb: round(server.peakMb() - startMb, 0),
    sizeMb: round(bytes.byteLength / MB),
  };
}
