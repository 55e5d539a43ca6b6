import type { OpenModel } from './epanet-run.ts';

export interface FireFlowAnswer {
  staticPressureM: number;
  flowLps: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The answer is within this of the residual pressure (m), or its bracket this narrow (L/s). */
const PRESSURE_CLOSE_M = 0.005;
const FLOW_STEP = 0.05;
/** No hydrant gives more than this (L/s): the search stops there. */
const FLOW_CAP = 2000;
/** Each step is one EPANET solve; the search converges in far fewer. */
const MAX_STEPS = 40;

/**
 * The extra demand at a node that brings its pressure down to `residualM`. The pressure falls
 * as the draw grows, close to p0 − k·Q^1.852 (Hazen-Williams), so each step fits k to the last
 * solve and jumps to where that curve meets the residual, kept inside the bracket found so far
 * (bisection when the jump would leave it). Every step is one solve of the same opened project;
 * the node's demand is put back afterwards, so the project can be solved again as it was.
 */
export function searchFireFlow(
  open: OpenModel,
  nodeId: string,
  baseDemandLps: number,
  residualM: number,
): FireFlowAnswer {
  const pressureWith = (extra: number): number => {
    open.setDemand(nodeId, baseDemandLps + extra);
    return open.solve().nodes.get(nodeId)?.pressure ?? -Infinity;
  };
  try {
    const staticPressureM = pressureWith(0);
    if (staticPressureM <= residualM) return { staticPressureM, flowLps: 0 };
    let low = 0;
    let high = FLOW_CAP;
    let flow = 10;
    for (let step = 0; step < MAX_STEPS && high - low > FLOW_STEP; step += 1) {
      const pressure = pressureWith(flow);
      if (Math.abs(pressure - residualM) < PRESSURE_CLOSE_M)
        return { staticPressureM, flowLps: round(flow, 1) };
      if (pressure > residualM) low = flow;
      else high = flow;
      const k = (staticPressureM - pressure) / flow ** 1.852;
      const guess = k > 0 ? ((staticPressureM - residualM) / k) ** (1 / 1.852) : flow * 2;
      flow = guess > low && guess < high ? guess : (low + high) / 2;
    }
    return { staticPressureM, flowLps: round(low, 1) };
  } finally {
    open.setDemand(nodeId, baseDemandLps);
  }
}
