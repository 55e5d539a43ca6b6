import type { LayerStyle } from '../generated/model';
import { DEMO_LAYERS, type DemoLayerKey } from '../shared/demo/configuration';

/** A demo layer's style as the server seeds it, so mock mode draws and lists the same legend. */
const seeded = (key: DemoLayerKey): LayerStyle => {
  const layer = DEMO_LAYERS.find((candidate) => candidate.key === key);
  if (!layer) throw new Error(`The demo town has no ${key} layer`);
  return layer.style;
};

/** Pipes by material and diameter. */
export const PIPE_STYLE = seeded('pipes');

/** Valves by type. */
export const VALVE_STYLE = seeded('valves');

/**
 * Hydrants graduated by flow: mock mode's graduated example (the seeded demo draws them in one
 * colour), so its legend and drawing of classes can be tried without a server.
 */
export const HYDRANT_STYLE: LayerStyle = {
  ...seeded('hydrants'),
  kind: 'graduated',
  property: 'flow_lps',
  classes: [
    { min: 0, max: 15, color: '#fc9272', point_radius: 3.5 },
    { min: 15, max: 30, color: '#de2d26', point_radius: 4.5 },
    { min: 30, max: 100, color: '#a50f15', point_radius: 5.5 },
  ],
};
