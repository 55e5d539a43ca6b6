import type { Target } from './api-phases.ts';
import type { MapServerPeer } from './mapserver-peer.ts';
import { randomBox, randomTile } from './peer-phases.ts';
import type { Session } from './session.ts';

interface Items {
  features: { id: number | string }[];
}

const ids = (page: Items) => page.features.map((feature) => Number(feature.id));

async function peerJson(peer: MapServerPeer, path: string): Promise<Items> {
  const response = await fetch(peer.origin + path);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`MapServer answered ${response.status} to ${path}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Items;
}

/**
 * Before timing anything: both servers give the same points for the same question, so the
 * figures compare like with like. A MapServer that ignores `offset` (8.0.0 on PostGIS) would
 * answer every page with the first one, and be timed on the cheapest request there is.
 */
export async function checkSameAnswers(
  session: Session,
  peer: MapServerPeer,
  target: Target,
): Promise<{ sameOrder: boolean }> {
  const ogc = `/ogc/maps/${target.mapId}/collections/${target.layerId}/items`;
  const firstId = ids(await session.json<Items>('GET', `${ogc}?limit=1`))[0] ?? 1;
  // MapServer's pages are OFFSET over its sub-select with no ORDER BY: they follow the table's
  // physical order, which is id order only while the rows sit in that order (true at 100k
  // here, not deep into 1M). So its pages must hold 15 points each and move with the offset;
  // whether they are our points too is reported, not required.
  const firstTheirs = ids(await peerJson(peer, `${peer.itemsPath}?f=json&limit=15&offset=0`));
  let sameOrder = true;
  for (const depth of [0, Math.floor(target.count / 2), target.count - 15]) {
    const theirs = ids(await peerJson(peer, `${peer.itemsPath}?f=json&limit=15&offset=${depth}`));
    if (theirs.length !== 15 || (depth > 0 && theirs.join() === firstTheirs.join()))
      throw new Error(`MapServer's page at offset ${depth} is ${theirs.join()}: offset is not honoured`);
    const ours = ids(await session.json<Items>('GET', `${ogc}?limit=15&after=${firstId - 1 + depth}`));
    if (ours.join() !== theirs.join()) sameOrder = false;
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const box = randomBox(target.count);
    const bbox = box.join(',');
    const sorted = (list: number[]) => list.sort((a, b) => a - b).join();
    const theirs = sorted(ids(await peerJson(peer, `${peer.itemsPath}?f=json&limit=1000&bbox=${bbox}`)));
    const ours = sorted(ids(await session.json<Items>('GET', `${ogc}?limit=1000&bbox=${bbox}`)));
    if (ours !== theirs) throw new Error(`bbox ${bbox}: OGC API items ${ours}, MapServer ${theirs}`);
    // The filters panel's answer for the same box: its page's `data`, every match on it.
    const panel = await session.json<{ data: { id: number }[] }>(
      'POST',
      `/api/maps/${target.mapId}/filter-features?per_page=100`,
      { layers_filter: [{ layer_id: target.layerId, filters: [], bbox: box }] },
    );
    const filtered = sorted(panel.data.map((feature) => feature.id));
    if (filtered !== theirs) throw new Error(`bbox ${bbox}: filters panel ${filtered}, MapServer ${theirs}`);
  }
  const response = await fetch(peer.origin + peer.tilePath(...randomTile(13)));
  await response.arrayBuffer();
  if (!response.ok || !/vector-tile|protobuf/.test(response.headers.get('content-type') ?? ''))
    throw new Error(`MapServer's tile answered ${response.status} ${response.headers.get('content-type')}`);
  return { sameOrder };
}
