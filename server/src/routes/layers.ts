import { parseMoment } from '../features/as-of.ts';
import { invalid, unauthenticated } from '../http/http-error.ts';
import { includedFeatures, parseBBox } from '../layers/layer-data.ts';
import { deleteLayerProperties, updateLayerProperties } from '../layers/layer-properties.ts';
import { relationsOfLayer, replaceChildRelations } from '../layers/layer-relations.ts';
import { layerCreateErrors, layerUpdateErrors } from '../layers/layer-rules.ts';
import { propertyInputErrors } from '../layers/layer-schema.ts';
import { deleteLayer, insertLayer, layersOfMap, updateLayer } from '../layers/layer-store.ts';
import { transferLayer } from '../layers/layer-transfer.ts';
import { layerFor, mapFor, mayUpdateMapIfExists } from '../maps/access.ts';
import { withTimeExtents } from '../maps/map-detail.ts';
import { toLayer, type LayerRow } from '../maps/records.ts';
import { unlinkStoredFiles } from '../maps/stored-files.ts';
import type { OperationContext } from '../openapi/bind-operations.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';
import { hiddenPropertiesOf, layerAsSeen, layerReadable } from '../access/layer-view.ts';

/**
 * A change a signed-in editor makes to a layer's schema or place, which records who made it:
 * the layer as the change leaves it.
 */
async function changedLayer(
  {
    services,
    auth,
    params,
  }: Pick<OperationContext, 'services' | 'auth'> & { params: { id: number; layer_id: number } },
  change: (layer: LayerRow, userId: number) => Promise<LayerRow>,
) {
  if (!auth.user) throw unauthenticated();
  const layer = await layerFor(services.db, auth, params, 'update');
  return { status: 200 as const, body: { data: toLayer(await change(layer, auth.user.id)) } };
}

/** Handlers for layers, their schema, transfer and relations. */
export const routeHandlers = typedHandlers({
  listLayers: async ({ services, auth, params }) => {
    await mapFor(services.db, auth, params.id, 'read');
    const layers = (await layersOfMap(services.db, params.id)).filter((layer) =>
      layerReadable(auth.ability, layer),
    );
    const seen = layers.map((layer) => layerAsSeen(auth.access, layer));
    return { status: 200, body: { data: await withTimeExtents(services.db, seen) } };
  },

  createLayer: async ({ services, auth, params, body }) => {
    const { db } = services;
    await mapFor(db, auth, params.id, 'update');
    const errors = {
      ...propertyInputErrors(body.properties ?? [], { field: 'properties', renames: false }),
      ...(await layerCreateErrors(db, params.id, body)),
    };
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return { status: 201, body: { data: toLayer(await insertLayer(db, params.id, body)) } };
  },

  getLayer: async ({ services, auth, params, query }) => {
    const layer = await layerFor(services.db, auth, params, 'read');
    const seen = toLayer(layerAsSeen(auth.access, layer));
    if (query.include_data !== true) return { status: 200, body: { data: seen } };
    const bbox = query.bbox === undefined ? undefined : parseBBox(query.bbox);
    const asOf = parseMoment(query.as_of, 'as_of');
    const hidden = hiddenPropertiesOf(auth.access, layer.id);
    const data = await includedFeatures(services.db, layer, bbox, hidden, asOf);
    return { status: 200, body: { data: { ...seen, ...data } } };
  },

  updateLayer: async ({ services, auth, params, body }) => {
    const layer = await layerFor(services.db, auth, params, 'update');
    const errors = await layerUpdateErrors(services.db, layer, body);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return { status: 200, body: { data: toLayer(await updateLayer(services.db, layer, body)) } };
  },

  deleteLayer: async ({ services, auth, params }) => {
    const layer = await layerFor(services.db, auth, params, 'delete');
    const keys = await deleteLayer(services.db, layer.id);
    await unlinkStoredFiles(services.config, keys, services.log);
    return { status: 204 };
  },

  updateLayerProperties: async ({ services, auth, params, body }) =>
    changedLayer({ services, auth, params }, (layer, userId) =>
      updateLayerProperties(services.db, layer, body.properties, userId),
    ),

  deleteLayerProperties: async ({ services, auth, params, body }) =>
    changedLayer({ services, auth, params }, (layer, userId) =>
      deleteLayerProperties(services.db, layer, body.names, userId),
    ),

  transferLayer: async ({ services, auth, params, body }) =>
    changedLayer({ services, auth, params }, async (layer, userId) => {
      await mayUpdateMapIfExists(services.db, auth, body.target_map_id);
      return transferLayer(services.db, layer, body, userId);
    }),

  getLayerRelations: async ({ services, auth, params }) => {
    const layer = await layerFor(services.db, auth, params, 'read');
    return { status: 200, body: { data: await relationsOfLayer(services.db, layer.id) } };
  },

  updateLayerRelations: async ({ services, auth, params, body }) => {
    const layer = await layerFor(services.db, auth, params, 'update');
    return { status: 200, body: { data: await replaceChildRelations(services.db, layer, body.children) } };
  },
});
