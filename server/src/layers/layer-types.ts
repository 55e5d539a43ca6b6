import type { components } from '@generated/openapi-types.ts';
import { LAYER_TYPES } from '@shared/layers/layer-types.ts';

type LayerType = components['schemas']['LayerType'];
export type LayerTypeName = LayerType['type'];

export function listLayerTypes(): LayerType[] {
  return LAYER_TYPES.map((type) => ({ ...type }));
}

export const isRemoteType = (type: LayerTypeName): boolean => type !== 'vector';
