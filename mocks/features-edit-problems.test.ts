import { isAxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { listLayerFeatures, updateFeatures } from '../generated/api/features/features';
import { applyScenario } from './scenarios';

/** The 422 body an edit is refused with, or the status if it was not one. */
async function refusal(properties: Record<string, string | number | boolean | null>) {
  const [pipe] = (await listLayerFeatures(1, 1, { per_page: 1 })).data;
  if (!pipe) throw new Error('the town has no pipes');
  try {
    await updateFeatures(1, { features: [{ type: 'Feature', id: pipe.id, layer_id: 1, properties }] });
    return 'saved';
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 422) return error.response.data as unknown;
    throw error;
  }
}

describe('an edit refused in mock mode, by the server’s rules', () => {
  it('checks each value’s type and choice as the server does, in its words', async () => {
    applyScenario('admin');
    expect(await refusal({ diameter_mm: 'wide', material: 'gold', colour: 'red' })).toMatchObject({
      errors: {
        'features.0.properties.diameter_mm': ['The diameter mm field must be an integer.'],
        'features.0.properties.material': ['The selected material is invalid.'],
        'features.0.properties.colour': ['The layer has no property named "colour".'],
      },
    });
  });

  it('saves values the schema allows', async () => {
    applyScenario('admin');
    expect(await refusal({ diameter_mm: 110, material: 'pvc' })).toBe('saved');
  });
});
