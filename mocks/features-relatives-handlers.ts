import { HttpResponse, http } from 'msw';
import type { Feature, FeatureList } from '../generated/model';
import { featuresOfLayer, findFeature } from './features-store';
import { TOWN_MAP_ID } from './features-town-layers';
import { townRelation } from './town';
import { notFound, requireUser } from './responses';

type Params = Record<string, string | readonly string[] | undefined>;
const numberParam = (params: Params, name: string) =>
  Number(typeof params[name] === 'string' ? params[name] : NaN);

const ends = (feature: Feature): string[] =>
  feature.geometry?.type === 'LineString' ? feature.geometry.coordinates.map((point) => point.join(',')) : [];
const at = (feature: Feature): string =>
  feature.geometry?.type === 'Point' ? feature.geometry.coordinates.join(',') : '';

/**
 * The town's one relation, fixed rather than read from the layer relations: a pipe is the
 * parent of the valves at its ends (the grid puts a valve on every crossing).
 */
function childrenOf(feature: Feature): Feature[] {
  const { pipes, valves } = townRelation();
  if (feature.layer_id !== pipes) return [];
  const pipeEnds = ends(feature);
  return featuresOfLayer(valves).filter((valve) => pipeEnds.includes(at(valve)));
}

function parentsOf(feature: Feature): Feature[] {
  const { pipes, valves } = townRelation();
  if (feature.layer_id !== valves) return [];
  const point = at(feature);
  return featuresOfLayer(pipes).filter((pipe) => ends(pipe).includes(point));
}

const relatives = (follow: (feature: Feature) => Feature[]) =>
  (({ request, params }) => {
    if (numberParam(params, 'id') !== TOWN_MAP_ID) return undefined;
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const feature = findFeature(numberParam(params, 'feature_id'));
    if (!feature) return notFound();
    return HttpResponse.json<FeatureList>({ data: follow(feature) });
  }) satisfies Parameters<typeof http.get>[1];

/** Parents and children of the mock town's features (getFeatureParents / getFeatureChildren). */
export const featuresRelativesHandlers = [
  http.get('*/api/maps/:id/features/:feature_id/children', relatives(childrenOf)),
  http.get('*/api/maps/:id/features/:feature_id/parents', relatives(parentsOf)),
];
