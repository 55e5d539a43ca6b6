import type { Layer, MapDetail } from '@generated/model';
import { describeLayers, type MapLayerModel, type SwipeSide } from '@/map';

/** What one side of a swipe comparison shows: a whole map, or one layer of a map. */
export type SwipeChoice = { kind: 'map'; mapId: number } | { kind: 'layer'; mapId: number; layerId: number };

export const choiceKey = (choice: SwipeChoice): string =>
  choice.kind === 'map' ? `map:${choice.mapId}` : `layer:${choice.mapId}:${choice.layerId}`;

export function parseChoiceKey(key: string): SwipeChoice | null {
  const whole = /^map:(\d+)$/.exec(key);
  if (whole) return { kind: 'map', mapId: Number(whole[1]) };
  const one = /^layer:(\d+):(\d+)$/.exec(key);
  return one ? { kind: 'layer', mapId: Number(one[1]), layerId: Number(one[2]) } : null;
}

/** Layers a flat map can draw (3D tiles have nothing to show in 2D). */
const drawnIn2d = (layer: Layer) => layer.type !== '3d_tiles';

export type SwipeOption = { id: string; label: string };

/**
 * The choices for either side: each map whole, then each of its layers. A map chosen on
 * both sides of /map2 is listed once.
 */
export function swipeOptions(
  maps: readonly MapDetail[],
  wholeMapLabel: (title: string) => string,
): SwipeOption[] {
  const seen = new Set<number>();
  return maps.flatMap((map) => {
    if (seen.has(map.id)) return [];
    seen.add(map.id);
    return [
      { id: choiceKey({ kind: 'map', mapId: map.id }), label: wholeMapLabel(map.title) },
      ...(map.layers ?? []).filter(drawnIn2d).map((layer) => ({
        id: choiceKey({ kind: 'layer', mapId: map.id, layerId: layer.id }),
        label: `${map.title} › ${layer.name}`,
      })),
    ];
  });
}

/** The moment each side shows (ISO 8601 UTC), or null for now. */
export type SwipeMoments = Record<SwipeSide, string | null>;

export const NOW_ON_BOTH_SIDES: SwipeMoments = { left: null, right: null };

/**
 * One side's layers, cut to that side of the divider: a whole map as stored (its own
 * visibility), or the one layer shown whatever its stored visibility, drawn as it was at the
 * side's moment when it has one. Keys carry the side and its moment, so the same layer may be
 * drawn on both sides, then and now, each from its own source.
 */
function sideModels(
  side: SwipeSide,
  choice: SwipeChoice,
  maps: readonly MapDetail[],
  asOf: string | null,
): MapLayerModel[] {
  const map = maps.find((candidate) => candidate.id === choice.mapId);
  if (!map) return [];
  const layers = (map.layers ?? []).filter(
    (layer) => drawnIn2d(layer) && (choice.kind === 'map' || layer.id === choice.layerId),
  );
  const prefix = asOf ? `${side}@${asOf}` : side;
  return describeLayers({ layers, basemap: 'none', asOf }).map((model) => ({
    ...model,
    key: `${prefix}:${model.key}`,
    visible: choice.kind === 'layer' ? true : model.visible,
    swipeSide: side,
  }));
}

/** The swipe view's layers: the basemap under both sides, then the left and the right side. */
export function swipeModels(
  basemap: string,
  left: SwipeChoice,
  right: SwipeChoice,
  maps: readonly MapDetail[],
  moments: SwipeMoments = NOW_ON_BOTH_SIDES,
): MapLayerModel[] {
  return [
    ...describeLayers({ layers: [], basemap }),
    ...sideModels('left', left, maps, moments.left),
    ...sideModels('right', right, maps, moments.right),
  ];
}
