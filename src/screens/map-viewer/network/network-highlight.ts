import type { Layer } from '@generated/model';
import type { NetworkLayers, NetworkResult } from './network-result';

/** Feature ids to draw highlighted, per layer id (what the viewer's map takes). */
export type NetworkHighlight = Record<number, number[]>;

/** Every result feature on the layers of its role; ids of another layer simply match nothing. */
export function highlightOf(result: NetworkResult, network: NetworkLayers): NetworkHighlight {
  const byLayer: NetworkHighlight = {};
  const add = (layers: readonly (Layer | undefined)[], ids: readonly number[]) => {
    for (const layer of layers) if (layer) (byLayer[layer.id] ??= []).push(...ids);
  };
  add([network.pipe], result.pipeIds);
  add(network.valves, result.valveIds);
  add(result.kind === 'isolate' ? network.nodes : [...network.valves, ...network.nodes], result.nodeIds);
  add([network.source], result.sourceIds ?? []);
  return byLayer;
}

/** Filter matches and a network result both highlighted at once. */
export function mergeHighlights(...sources: Readonly<Record<number, readonly number[]>>[]): NetworkHighlight {
  const merged: NetworkHighlight = {};
  for (const source of sources)
    for (const [layerId, ids] of Object.entries(source)) (merged[Number(layerId)] ??= []).push(...ids);
  return merged;
}
