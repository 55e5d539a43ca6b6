import type { StreetGrid, StreetKind } from './street-grid.ts';
import type { LocalPoint } from './town-geometry.ts';

/** One named street as a line: the grid's segments of that name joined end to end. */
export interface Street {
  name: string;
  kind: StreetKind;
  points: LocalPoint[];
}

/**
 * The street grid as streets for the Streets layer: each street's segments are chained from
 * one dead end (or any junction, for a loop) to the next gap, so a street with missing blocks
 * becomes several lines of the same name. Uses no randomness, so the rest of the town (and
 * every feature id) is as before.
 */
export function streetsOf(grid: StreetGrid): Street[] {
  const byName = new Map<string, StreetGrid['segments']>();
  for (const segment of grid.segments) {
    const list = byName.get(segment.street) ?? [];
    list.push(segment);
    byName.set(segment.street, list);
  }
  const streets: Street[] = [];
  for (const [name, segments] of byName) {
    const links = new Map<number, number[]>();
    segments.forEach((segment, index) => {
      links.set(segment.from, [...(links.get(segment.from) ?? []), index]);
      links.set(segment.to, [...(links.get(segment.to) ?? []), index]);
    });
    const used = new Set<number>();
    const walk = (start: number) => {
      const nodes = [start];
      let at = start;
      for (;;) {
        const next = (links.get(at) ?? []).find((index) => !used.has(index));
        if (next === undefined) break;
        used.add(next);
        const segment = segments[next] as StreetGrid['segments'][number];
        at = segment.from === at ? segment.to : segment.from;
        nodes.push(at);
      }
      return nodes;
    };
    // Dead ends first (so a street is one line where it can be), then what is left (loops).
    const starts = [...links.entries()].sort((a, b) => a[1].length - b[1].length || a[0] - b[0]);
    for (const [node] of starts) {
      while ((links.get(node) ?? []).some((index) => !used.has(index))) {
        const nodes = walk(node);
        streets.push({
          name,
          kind: (segments[0] as StreetGrid['segments'][number]).kind,
          points: nodes.map((id) => (grid.junctions.get(id) as { point: LocalPoint }).point),
        });
      }
    }
  }
  return streets;
}
