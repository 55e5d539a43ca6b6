import type { Feature } from '@generated/model';

/** Each stored feature's id under its layer's id: what a map highlights. */
export function idsByLayer(features: readonly Feature[] | null): Record<number, number[]> {
  const byLayer: Record<number, number[]> = {};
  for (const feature of features ?? []) (byLayer[feature.layer_id] ??= []).push(feature.id);
  return byLayer;
}
