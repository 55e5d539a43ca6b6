import type { Layer, WaterNetworkConfig } from '@generated/model';

/** What the water-network screen hands each of its sections: the map, its layers and the stored choice. */
export type WaterNetworkSectionProps = {
  mapId: number;
  layers: readonly Layer[];
  config: WaterNetworkConfig;
};
