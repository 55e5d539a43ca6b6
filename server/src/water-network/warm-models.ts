import { DomainError } from '../domain-errors.ts';
import type { Queryable } from '../db/database.ts';
import { EpanetFailure } from './epanet-messages.ts';
import { epanet } from './epanet-thread.ts';
import { loadModel } from './hydraulic-source.ts';
import { simulate } from './hydraulic-simulation.ts';

/** Maps whose model is built at start: the most recently changed ones, as the graph cache keeps. */
const WARMED_MAPS = 2;

/**
 * At server start, after it listens: loads the EPANET engine on its worker, then builds the
 * hydraulic model of the few most recently changed maps with a source configured and solves it
 * once, so a first simulation finds graph, model and opened project ready (3.8 s cold on the
 * demo town, a few tenths warm). The caches stay correct: an edit makes a new model anyway.
 * A map whose model cannot be built is skipped; its users get the 422 when they ask.
 */
export async function warmWaterNetworks(db: Queryable): Promise<number> {
  // The worker loads its engine on its own thread while this one reads the models.
  const engine = epanet().warm();
  const maps = await db.query<{ id: number; center: [number, number] }>(
    `SELECT m.id, m.center FROM water_networks w JOIN maps m ON m.id = w.map_id
     WHERE w.pipe_layer_id IS NOT NULL AND (w.hydraulics ->> 'source_layer_id') IS NOT NULL
     ORDER BY m.updated_at DESC LIMIT $1`,
    [WARMED_MAPS],
  );
  let warmed = 0;
  try {
    for (const map of maps)
      try {
        const { model, network, position } = await loadModel(db, map.id, map.center);
        await simulate(model, network.config.hydraulics.low_pressure_m, position);
        warmed += 1;
      } catch (error) {
        // Not modelled (no source, a bad pipe): the first request answers why.
        if (!(error instanceof DomainError || error instanceof EpanetFailure)) throw error;
      }
  } finally {
    await engine;
  }
  return warmed;
}
