import { invalid } from '../http/http-error.ts';
import { msg } from '../i18n/messages.ts';
import { propertyValueCounts } from '../layers/property-value-counts.ts';
import { layerFor } from '../maps/access.ts';
import { typedHandlers } from '../openapi/typed-handlers.ts';

const DEFAULT_LIMIT = 100;

/** The style editor's "classify from data": what a layer property holds. */
export const routeHandlers = typedHandlers({
  getLayerPropertyValues: async ({ services, auth, params, query }) => {
    // Whoever may read the layer may see its values (they are in its tiles anyway).
    const layer = await layerFor(services.db, auth, params, 'read');
    if (!(layer.properties ?? []).some((entry) => entry.name === query.property))
      throw invalid({ property: [msg('maps.property_unknown', { name: query.property })] });
    const data = await propertyValueCounts(
      services.db,
      layer.id,
      query.property,
      query.limit ?? DEFAULT_LIMIT,
    );
    return { status: 200, body: { data } };
  },
});
