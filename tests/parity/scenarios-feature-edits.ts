import { expect, it } from 'vitest';
import type { ParityTown } from './parity-town';
import { dataOf, expectStatus, pageOf, signIn, type Json, type WireAudit, type WireFeature } from './wire';

/** Editing, drawing and deleting features, and their history. */
export function featureEditScenarios(town: ParityTown): void {
  it('edit a feature: the saved value comes back, and the history names the version, who and what changed', async () => {
    const { admin, browser, map, layer, featuresPath } = town;
    const client = browser();
    const me = await signIn(client, admin.email, admin.password);
    const [feature] = pageOf<WireFeature>(await client.request('GET', featuresPath('per_page=1'))).data;
    // A free-text property of the schema the feature has a value for.
    const picked = layer.properties
      .filter((entry) => entry.type === 'string')
      .map((entry) => [entry.name, feature?.properties[entry.name]] as const)
      .find((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
    expect(picked, 'a feature with a text property').toBeDefined();
    const [property, before] = picked as [string, string];
    const featureId = (feature as WireFeature).id;
    const historyPath = `/api/maps/${map.id}/features/${featureId}/history`;
    const earlier = dataOf<WireAudit[]>(await client.request('GET', historyPath));
    const after = `${before} (parity)`;

    const saved = dataOf<{ updated: WireFeature[]; deleted_ids?: number[] }>(
      await client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
        features: [{ type: 'Feature', id: featureId, layer_id: layer.id, properties: { [property]: after } }],
      }),
    );
    expect(saved.updated).toHaveLength(1);
    expect(saved.updated[0]).toMatchObject({ id: featureId, properties: { [property]: after } });

    const history = dataOf<WireAudit[]>(await client.request('GET', historyPath));
    expect(history).toHaveLength(earlier.length + 1);
    const [latest] = history;
    expect(latest).toMatchObject({
      event: 'updated',
      user: { id: me.id, name: me.name },
      old_values: { [property]: before },
      new_values: { [property]: after },
    });
    const versions = earlier.map((entry) => entry.version ?? 0);
    expect(latest?.version).toBe(Math.max(1, ...versions) + 1);

    const reread = pageOf<WireFeature>(
      await client.request('GET', featuresPath(`per_page=1&after_id=${featureId - 1}`)),
    ).data[0];
    expect(reread).toMatchObject({ id: featureId, properties: { [property]: after } });
    expect((await client.request('GET', `/api/maps/${map.id}/features/999999999/history`)).status).toBe(404);

    const save = (properties: Json) =>
      client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
        features: [{ type: 'Feature', id: featureId, layer_id: layer.id, properties }],
      });
    // Saving the value it already has changes nothing, so it leaves no history row.
    expectStatus(await save({ [property]: after }), 200);
    expect(dataOf<WireAudit[]>(await client.request('GET', historyPath))).toHaveLength(history.length);
    // null clears an optional property: it is gone, and the history says it went from the value to null.
    const optional = layer.properties.find(
      (entry) =>
        entry.name !== property && !entry.required && (feature as WireFeature).properties[entry.name] != null,
    );
    expect(optional, 'an optional property the feature has a value for').toBeDefined();
    const optionalName = (optional as { name: string }).name;
    const optionalValue = (feature as WireFeature).properties[optionalName];
    const cleared = dataOf<{ updated: WireFeature[] }>(await save({ [optionalName]: null })).updated[0];
    expect(cleared?.properties).not.toHaveProperty(optionalName);
    const [clearing] = dataOf<WireAudit[]>(await client.request('GET', historyPath));
    expect(clearing).toMatchObject({
      old_values: { [optionalName]: optionalValue },
      new_values: { [optionalName]: null },
    });
    expectStatus(await save({ [optionalName]: optionalValue, [property]: before }), 200);
    // A property the layer does not have is refused by name.
    const unknown = await save({ no_such_property: 'x' });
    expect(expectStatus(unknown, 422)).toHaveProperty(['errors', 'features.0.properties.no_such_property']);

    const missing = await client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
      features: [{ type: 'Feature', id: 999999999, layer_id: layer.id, properties: { [property]: 'x' } }],
    });
    expect(expectStatus(missing, 422)).toHaveProperty(['errors', 'features.0.id']);
  });

  it('a drawn feature starts its history at version 1, and its deletion is the last entry', async () => {
    const { admin, browser, map, layer, layerTotal, featuresPath } = town;
    const client = browser();
    const me = await signIn(client, admin.email, admin.password);
    const [model] = pageOf<WireFeature & { geometry: unknown }>(
      await client.request('GET', featuresPath('per_page=1')),
    ).data;
    const created = dataOf<WireFeature>(
      await client.request('POST', `/api/maps/${map.id}/layers/${layer.id}/features`, {
        type: 'Feature',
        geometry: model?.geometry,
        properties: model?.properties,
      }),
      201,
    );
    expect(created).toMatchObject({ layer_id: layer.id, properties: model?.properties });
    const historyPath = `/api/maps/${map.id}/features/${created.id}/history`;
    const [first, ...none] = dataOf<WireAudit[]>(await client.request('GET', historyPath));
    expect(none).toEqual([]);
    expect(first).toMatchObject({ event: 'created', version: 1, user: { id: me.id }, old_values: null });
    expect(pageOf(await client.request('GET', featuresPath('per_page=1'))).meta.total).toBe(layerTotal + 1);

    const removed = dataOf<{ deleted_ids: number[] }>(
      await client.request('POST', `/api/maps/${map.id}/updateFeatures`, {
        features: [],
        delete_ids: [created.id],
      }),
    );
    expect(removed.deleted_ids).toEqual([created.id]);
    const [deletion] = dataOf<WireAudit[]>(await client.request('GET', historyPath));
    expect(deletion).toMatchObject({ event: 'deleted', version: 2, new_values: null });
    expect(deletion?.old_values).toMatchObject(model?.properties ?? {});
    expect(pageOf(await client.request('GET', featuresPath('per_page=1'))).meta.total).toBe(layerTotal);
  });
}
