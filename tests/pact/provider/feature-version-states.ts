import type { Database } from '../../../server/src/db/database.ts';
import { saveFeatureEdits } from '../../../server/src/features/feature-edits.ts';
import { STATES } from '../states.ts';
import type { PactContext } from './provider-states.ts';

type Params = Record<string, unknown>;

/** Feature history states, made through the server's own save so versions and kept files are real. */
export function createFeatureVersionStateHandlers(
  db: Database,
  context: PactContext,
): Record<string, (params: Params) => Promise<void>> {
  const editor = (state: string): number => {
    const id = context.session?.userId;
    if (id === undefined) throw new Error(`"${state}" needs a signed-in state before it`);
    return id;
  };
  return {
    [STATES.featureEdited]: async (params) => {
      await saveFeatureEdits(
        db,
        Number(params.map_id),
        {
          features: [
            {
              type: 'Feature',
              id: Number(params.id),
              layer_id: Number(params.layer_id),
              properties: (params.properties ?? {}) as Record<string, string | number | boolean | null>,
            },
          ],
        },
        editor(STATES.featureEdited),
      );
    },
    [STATES.featureDeleted]: async (params) => {
      await saveFeatureEdits(
        db,
        Number(params.map_id),
        { features: [], delete_ids: [Number(params.id)] },
        editor(STATES.featureDeleted),
      );
    },
  };
}
