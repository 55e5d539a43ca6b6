import type { InpModel, InpNode } from './inp-reader.ts';

/** How far (m) apart from a shared point two pipe ends are moved: ten import tolerances. */
const NUDGE_M = 0.05;

/**
 * Nodes that stand at one point but are not joined are separate in EPANET; on the map, pipe
 * ends at one point are one node. Where each of those nodes ends exactly one link (as the
 * export writes the two sides of a closed valve), each is moved a few centimetres along its
 * link, so the map keeps them apart. Lengths are given, so the hydraulics do not change.
 * Returns the nodes left sharing a point (joined on the map).
 */
export function separateSharedPoints(model: InpModel, unitsPerMetre: number): string[] {
  const links = new Map<string, { towards: [number, number] | null; count: number }>();
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const note = (id: string, towards: [number, number] | undefined) => {
    const seen = links.get(id);
    links.set(id, { towards: towards ?? null, count: (seen?.count ?? 0) + 1 });
  };
  const at = (id: string): [number, number] | undefined => {
    const node = byId.get(id);
    return node ? [node.x as number, node.y as number] : undefined;
  };
  for (const link of model.links) {
    note(link.from, link.vertices[0] ?? at(link.to));
    note(link.to, link.vertices[link.vertices.length - 1] ?? at(link.from));
  }
  const groups = new Map<string, InpNode[]>();
  for (const node of model.nodes) {
    const key = `${node.x} ${node.y}`;
    groups.set(key, [...(groups.get(key) ?? []), node]);
  }
  const joined: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const movable = group.every((node) => links.get(node.id)?.count === 1);
    if (!movable) {
      joined.push(...group.slice(1).map((node) => node.id));
      continue;
    }
    for (const node of group) {
      const towards = links.get(node.id)?.towards as [number, number];
      const [x, y] = [node.x as number, node.y as number];
      const length = Math.hypot(towards[0] - x, towards[1] - y);
      if (length === 0) continue;
      // At most a quarter of the segment, so the move never passes the next vertex.
      const step = Math.min(NUDGE_M * unitsPerMetre, length / 4) / length;
      node.x = x + (towards[0] - x) * step;
      node.y = y + (towards[1] - y) * step;
    }
  }
  return joined;
}
