import { HttpResponse, http } from 'msw';
import { createLayerFeatureBody } from '../generated/zod/features/features.zod';
import type { FeatureResource } from '../generated/model';
import { createFeature, isTownLayer } from './features-store';
import { TOWN_MAP_ID } from './features-town-layers';
import { idParam } from './maps-guards';
import { forbidden, parseWith, readJson, requireUser, validationFailed } from './responses';

/** createLayerFeature for the mock town: editors and admins add a drawn feature to a town layer. */
export const featuresCreateHandlers = [
  http.post('*/api/maps/:id/layers/:layer_id/features', async ({ request, params }) => {
    const layerId = idParam(params, 'layer_id');
    if (idParam(params, 'id') !== TOWN_MAP_ID || !isTownLayer(layerId)) return undefined;
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    if (guarded.user.type === 'user') return forbidden();
    const body = parseWith(createLayerFeatureBody, await readJson(request));
    if (!body.ok) return body.response;
    if (!body.data.geometry) return validationFailed({ geometry: ['The geometry field is required.'] });
    const feature = createFeature(layerId, body.data, { id: guarded.user.id, name: guarded.user.name });
    return HttpResponse.json<FeatureResource>({ data: feature }, { status: 201 });
  }),
];
