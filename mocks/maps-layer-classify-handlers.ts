import { HttpResponse, http } from 'msw';
import type { PropertyValue, PropertyValuesResource } from '../generated/model';
import { featuresOfLayer } from './features-store';
import { guardMap, idParam } from './maps-guards';
import { mapsDb } from './maps-store';
import { notFound, validationFailed } from './responses';

const MAX_VALUES = 100;

/** getLayerPropertyValues over the mock town's features, counted as the server counts them. */
export const mapsLayerClassifyHandlers = [
  http.get('*/api/maps/:id/layers/:layerId/property-values', ({ request, params }) => {
    const guarded = guardMap(request, idParam(params, 'id'), false);
    if (guarded.response) return guarded.response;
    const layerId = idParam(params, 'layerId');
    const layer = mapsDb.layers.find((row) => row.id === layerId && row.map_id === guarded.map.id);
    if (!layer) return notFound();
    const url = new URL(request.url);
    const property = url.searchParams.get('property') ?? '';
    const limit = Number(url.searchParams.get('limit') ?? MAX_VALUES);
    if (!(layer.properties ?? []).some((entry) => entry.name === property))
      return validationFailed({ property: [`There is no property named ${property}.`] });
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_VALUES)
      return validationFailed({ limit: ['The limit must be between 1 and 100.'] });
    const counts = new Map<string, PropertyValue>();
    let min = Infinity;
    let max = -Infinity;
    for (const feature of featuresOfLayer(layer.id)) {
      const value = feature.properties[property];
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
      if (typeof value === 'number') {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
      const key = `${typeof value}:${String(value)}`;
      const entry = counts.get(key) ?? { value, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    const values = [...counts.values()].sort(
      (a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)),
    );
    return HttpResponse.json<PropertyValuesResource>({
      data: {
        property,
        values: values.slice(0, limit),
        truncated: values.length > limit,
        range: min <= max ? { min, max } : null,
      },
    });
  }),
];
